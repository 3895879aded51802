/**
 * The layout on a 390 px phone in Debian's Chromium: every screen fits and passes axe in the light and the dark
 * theme (layoutWalk.ts), the stops, the map and the story are a tap away, and the dark theme follows the system.
 */
import { describe, expect, it } from 'vitest';
import { describeEveryScreen, PHONE, useLayoutWorld } from './layoutWalk.ts';

const world = useLayoutWorld();
describeEveryScreen(world, PHONE, 'phone');

describe('the trip page', () => {
  it('takes a phone from the stops to the map and to the story in one tap each', async () => {
    const page = await world.pages.tripPage(world.fixture.owner, world.fixture.trip, { viewport: PHONE, colorScheme: 'light' });
    const sections = page.getByRole('navigation', { name: 'Trip sections' });
    const inView = (name: string) =>
      page.getByRole('region', { name, exact: true }).evaluate((element) => {
        const { top } = element.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight / 2;
      });
    for (const [link, region] of [['Map', 'Trip map'], ['Story', 'Trip view'], ['Stops', 'Stops']] as const) {
      await sections.getByRole('link', { name: link }).click();
      await expect.poll(() => inView(region), { message: `${region} at the top after tapping ${link}` }).toBe(true);
    }
  });

  it('draws the dark theme when the system asks for it', async () => {
    const page = await world.pages.tripPage(world.fixture.owner, world.fixture.trip, { viewport: PHONE, colorScheme: 'dark' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b, `page background ${background}`).toBeLessThan(150);
  });
});
