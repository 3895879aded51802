/**
 * One screen held to the house bar at both sizes and in both themes: no sideways scrolling at 1366 px and
 * 390 px, axe clean in the light and the dark theme; a light screenshot per size with SCREENSHOTS=1 (test-results/screenshots,
 * and docs/desktop|phone with UPDATE_SCREENSHOTS=1 for the README's screens).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './a11y.ts';
import { screenshot } from './browser.ts';
import { elementsPastTheEdge } from './layoutChecks.ts';

export const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;

/** The page's context needs `bypassCSP: true` for axe (a11y.ts). Leaves the page at the desktop size, light. */
export async function checkScreen(page: Page, screen: string, { docs = false } = {}): Promise<void> {
  for (const [sizeName, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: `${screen} still loading` }).toBe(0);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(scrollWidth, `${screen} at ${size.width} px scrolls sideways: ${(await elementsPastTheEdge(page)).join('; ')}`).toBeLessThanOrEqual(size.width);
      expect.soft(await axeViolations(page, { theme }), `${screen}, ${sizeName}, ${theme}`).toEqual([]);
    }
    await screenshot(page, `${sizeName}/${screen}`, { docs });
  }
  await page.setViewportSize(SIZES.desktop);
}
