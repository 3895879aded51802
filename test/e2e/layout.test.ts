/**
 * The layout in Debian's Chromium: every screen fits a 390 px phone (no sideways scrolling, no
 * control cut off, no name broken inside a word) and a 1366 px desktop, and passes axe in the light and
 * the dark theme at both sizes; on a desktop the map stays in view while the trip view scrolls; on a phone
 * the stops, the map and the story are a tap away. With UPDATE_SCREENSHOTS=1 it refreshes docs/desktop/
 * and docs/phone/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { User } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { screenshot } from './browser.ts';
import { cutOffControls, elementsPastTheEdge, wordsBrokenAcrossLines } from './layoutChecks.ts';
import { buildScreenFixture, type ScreenFixture } from './screenFixture.ts';
import { tourEveryScreen } from './screenTour.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });
let fixture: ScreenFixture;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
/** The screens the README shows, at both sizes. */
const DOCS_SCREENS = new Set([
  'landing', 'login', 'register', 'my-trips', 'create-trip', 'trip-page', 'collaboration-members', 'trip-map', 'story-view',
  'itinerary-view', 'share-page', 'share-map', 'invitation', 'admin-users', 'not-found',
]);
const LONG_STOP = 'Point Lobos State Natural Reserve and Whalers Cove';

type Size = typeof PHONE;
type Theme = 'light' | 'dark';

/** Opens a page for `user` (signed out for null) at this size and in this theme. */
function opener(viewport: Size, colorScheme: Theme) {
  return async (user: User | null): Promise<Page> =>
    user ? pages.signedInPage(user, { viewport, colorScheme }) : (await pages.newContext({ viewport, colorScheme })).newPage();
}

/** Everything a screen is held to, soft so one run lists every screen's faults; `expect` is the running test's own. */
async function expectFits(expect: ExpectStatic, page: Page, screen: string, size: Size): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: `${screen} still loading` }).toBe(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${screen} scrolls sideways past these: ${(await elementsPastTheEdge(page)).join('; ')}`).toBeLessThanOrEqual(size.width);
  expect.soft(await cutOffControls(page), `${screen}: controls cut off`).toEqual([]);
  expect.soft(await wordsBrokenAcrossLines(page), `${screen}: words broken across lines`).toEqual([]);
}

beforeAll(async () => {
  fixture = await buildScreenFixture(t);
  const { dataSource } = t.server.deps;
  // A long stop name and a long member name: what the narrow columns used to cut or break letter by letter.
  const response = await t.api.post('/trips/stops', { tripId: fixture.trip.id, name: LONG_STOP, address: 'Carmel-by-the-Sea, California, United States', latitude: 36.5152, longitude: -121.9383 }, { as: fixture.owner });
  expect(response.status).toBeLessThan(300);
  const longName: User = await buildUser(dataSource, { displayName: 'Maximiliana Wolfeschlegel Hausenberger' });
  await addMember(dataSource, fixture.trip, longName, 'editor');
});

/**
 * One walk per size checks every screen in both themes: the app's dark theme is CSS alone
 * (prefers-color-scheme), so switching the page's scheme redraws the same screen dark, and the walk
 * (sign-ins, navigation, waiting for the map) is done twice instead of four times. The sizes walk one
 * after the other: at the same time they gained ~12 % here and would race for a 2-core CI machine.
 */
const SIZES = [
  { size: PHONE, folder: 'phone' },
  { size: DESKTOP, folder: 'desktop' },
] as const;
const THEMES: Theme[] = ['light', 'dark'];

describe('every screen', () => {
  afterAll(pages.closeAll);

  for (const { size, folder } of SIZES) {
    it(`fits the window at ${size.width} px and passes axe in the light and the dark theme`, async ({ expect }) => {
      await tourEveryScreen({
        baseUrl: t.server.url,
        fixture,
        open: opener(size, 'light'),
        check: async (page, screen) => {
          for (const theme of THEMES) {
            await page.emulateMedia({ colorScheme: theme });
            const named = theme === 'light' ? screen : `${screen} (dark)`;
            await expectFits(expect, page, named, size);
            expect.soft(await axeViolations(page), `${named}: axe`).toEqual([]);
            // The docs keep the light theme at both sizes (the window only); SCREENSHOTS=1 keeps every whole page.
            await screenshot(page, `${theme === 'light' ? folder : `${folder}-dark`}/${screen}`, { docs: DOCS_SCREENS.has(screen) && theme === 'light' });
          }
        },
      });
    }, 300_000);
  }
});

describe('the trip page', () => {
  afterAll(pages.closeAll);

  it('keeps the map in view on a desktop while the trip view scrolls, and shows long stop names whole', async () => {
    const page = await pages.tripPage(fixture.owner, fixture.trip, { viewport: DESKTOP, colorScheme: 'light' });
    const map = page.getByRole('region', { name: 'Trip map' });
    await map.waitFor();
    const stopName = page.locator('.stop-name', { hasText: LONG_STOP });
    expect(await stopName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.getByRole('region', { name: 'Trip view' }).getByRole('tab', { name: 'Itinerary View' }).click();
    // The itinerary grows the page as it renders: scroll to the bottom as it is each time, until the map has stuck.
    const mapInViewAtBottom = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const box = await map.boundingBox();
      // Within a pixel: a sticky map held at its column's end may sit a fraction of a pixel above the window's top.
      return box !== null && box.y > -1 && box.y + box.height <= DESKTOP.height ? 'in view' : `map at ${JSON.stringify(box)}`;
    };
    await expect.poll(mapInViewAtBottom).toBe('in view');
  });

  it('takes a phone from the stops to the map and to the story in one tap each', async () => {
    const page = await pages.tripPage(fixture.owner, fixture.trip, { viewport: PHONE, colorScheme: 'light' });
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
    const page = await pages.tripPage(fixture.owner, fixture.trip, { viewport: PHONE, colorScheme: 'dark' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b, `page background ${background}`).toBeLessThan(150);
  });
});
