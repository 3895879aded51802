/**
 * What the two layout files (layout.phone.test.ts, layout.desktop.test.ts) share: a stack with the screen fixture,
 * a long stop name and a long member name (what narrow columns used to cut or break letter by letter), and the
 * walk of every screen at one size, each screen held to the house bar in the light and the dark theme: no
 * sideways scrolling, no control cut off, no name broken inside a word, axe clean. One file per size, so the two
 * walks run side by side. With UPDATE_SCREENSHOTS=1 the walks refresh docs/desktop/ and docs/phone/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { User } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { type TestStack, useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { screenshot } from './browser.ts';
import { cutOffControls, elementsPastTheEdge, wordsBrokenAcrossLines } from './layoutChecks.ts';
import { buildScreenFixture, type ScreenFixture } from './screenFixture.ts';
import { tourEveryScreen } from './screenTour.ts';
import { type TripPages, useTripPages } from './tripPages.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 768 };
export const LONG_STOP = 'Point Lobos State Natural Reserve and Whalers Cove';
/** The screens the README shows, at both sizes. */
const DOCS_SCREENS = new Set([
  'landing', 'login', 'register', 'my-trips', 'create-trip', 'trip-page', 'collaboration-members', 'trip-map', 'story-view',
  'itinerary-view', 'share-page', 'share-map', 'invitation', 'admin-users', 'not-found',
]);

type Size = typeof PHONE;
type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

export interface LayoutWorld {
  t: TestStack;
  pages: TripPages;
  /** Set by the file's beforeAll. */
  fixture: ScreenFixture;
}

/** The file's stack, pages (bypassCSP lets the test put axe-core in the page as a script) and fixture. */
export function useLayoutWorld(): LayoutWorld {
  const t = useTestStack();
  const world = { t, pages: useTripPages(t, { bypassCSP: true }) } as LayoutWorld;
  beforeAll(async () => {
    const fixture = await buildScreenFixture(t);
    const { dataSource } = t.server.deps;
    const response = await t.api.post('/trips/stops', { tripId: fixture.trip.id, name: LONG_STOP, address: 'Carmel-by-the-Sea, California, United States', latitude: 36.5152, longitude: -121.9383 }, { as: fixture.owner });
    expect(response.status).toBeLessThan(300);
    const longName: User = await buildUser(dataSource, { displayName: 'Maximiliana Wolfeschlegel Hausenberger' });
    await addMember(dataSource, fixture.trip, longName, 'editor');
    world.fixture = fixture;
  });
  return world;
}

/** Everything a screen's layout is held to, soft so one run lists every screen's faults; `expect` is the running test's own. */
async function expectFits(expect: ExpectStatic, page: Page, screen: string, size: Size): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${screen} scrolls sideways past these: ${(await elementsPastTheEdge(page)).join('; ')}`).toBeLessThanOrEqual(size.width);
  expect.soft(await cutOffControls(page), `${screen}: controls cut off`).toEqual([]);
  expect.soft(await wordsBrokenAcrossLines(page), `${screen}: words broken across lines`).toEqual([]);
}

/**
 * One walk checks every screen at `size` in both themes: the app's dark theme is CSS alone
 * (prefers-color-scheme), so switching the page's scheme redraws the same screen dark, and the walk
 * (sign-ins, navigation, waiting for the map) is done once instead of twice. A screen is checked first in the
 * theme its page already shows: a switch restyles the whole page and redraws the map in the other style, and
 * going back to light before each screen made that two switches a screen instead of one. `folder`: the screenshots'.
 */
export function describeEveryScreen(world: LayoutWorld, size: Size, folder: 'phone' | 'desktop'): void {
  const { t, pages } = world;
  /** Opens a page for `user` (signed out for null) at this size, light. */
  const open = async (user: User | null): Promise<Page> =>
    user ? pages.signedInPage(user, { viewport: size, colorScheme: 'light' }) : (await pages.newContext({ viewport: size, colorScheme: 'light' })).newPage();

  describe('every screen', () => {
    afterAll(pages.closeAll);
    /** The scheme each page of the walk shows now (its context opens light; see `open`). */
    const themeShown = new WeakMap<Page, Theme>();

    it(`fits the window at ${size.width} px and passes axe in the light and the dark theme`, async ({ expect }) => {
      await tourEveryScreen({
        baseUrl: t.server.url,
        fixture: world.fixture,
        open,
        check: async (page, screen) => {
          await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: `${screen} still loading` }).toBe(0);
          const first = themeShown.get(page) ?? 'light';
          for (const theme of [first, ...THEMES.filter((other) => other !== first)]) {
            if (theme !== (themeShown.get(page) ?? 'light')) await page.emulateMedia({ colorScheme: theme });
            themeShown.set(page, theme);
            const named = theme === 'light' ? screen : `${screen} (dark)`;
            // The dark theme changes colours and nothing else (web/src/theme.css): the layout is checked once,
            // in the light, and the dark theme is audited for what colours decide.
            if (theme === 'light') await expectFits(expect, page, named, size);
            expect.soft(await axeViolations(page, { theme }), `${named}: axe`).toEqual([]);
            // The docs keep the light theme at both sizes (the window only); SCREENSHOTS=1 keeps every whole page.
            await screenshot(page, `${theme === 'light' ? folder : `${folder}-dark`}/${screen}`, { docs: DOCS_SCREENS.has(screen) && theme === 'light' });
          }
        },
      });
    }, 300_000);
  });
}
