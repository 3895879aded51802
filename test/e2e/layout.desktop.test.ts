/**
 * The layout at 1366 px in Debian's Chromium: every screen fits and passes axe in the light and the dark theme
 * (layoutWalk.ts), and the map stays in view while the trip view scrolls.
 */
import { describe, expect, it } from 'vitest';
import { describeEveryScreen, DESKTOP, LONG_STOP, useLayoutWorld } from './layoutWalk.ts';
import { tripMap, tripView } from './tripPageParts.ts';

const world = useLayoutWorld();
describeEveryScreen(world, DESKTOP, 'desktop');

describe('the trip page', () => {
  it('keeps the map in view on a desktop while the trip view scrolls, and shows long stop names whole', async () => {
    const page = await world.pages.tripPage(world.fixture.owner, world.fixture.trip, { viewport: DESKTOP, colorScheme: 'light' });
    const map = tripMap(page);
    await map.waitFor();
    const stopName = page.locator('.stop-name', { hasText: LONG_STOP });
    expect(await stopName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await tripView(page).getByRole('tab', { name: 'Itinerary View' }).click();
    // The itinerary grows the page as it renders: scroll to the bottom as it is each time, until the map has stuck.
    const mapInViewAtBottom = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const box = await map.boundingBox();
      // Within a pixel: a sticky map held at its column's end may sit a fraction of a pixel above the window's top.
      return box !== null && box.y > -1 && box.y + box.height <= DESKTOP.height ? 'in view' : `map at ${JSON.stringify(box)}`;
    };
    await expect.poll(mapInViewAtBottom).toBe('in view');
  });
});
