/** An axe-core audit of the page as it stands, against WCAG 2.1 A and AA. */
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
  }
}

/**
 * The WCAG 2 A/AA rules whose verdict depends on colours alone: all a screen already audited in one theme can fail
 * in the other, since the dark theme changes colours and nothing else (web/src/theme.css).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page's WCAG 2 A/AA violations (`only: 'colours'`: of the colour rules alone), one line per failing element
 * naming the rule, the element and what is wrong; empty when it passes. axe goes in as a script tag, which the app's Content-Security-Policy
 * refuses: the page's browser context must be made with `bypassCSP: true`.
 */
export async function axeViolations(page: Page, only: 'all' | 'colours' = 'all', within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: axePath });
  const runOnly = only === 'all' ? { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } : { type: 'rule', values: COLOUR_RULES };
  return page.evaluate(async ({ runOnly, within }) => {
    const results = await window.axe!.run(within ? { include: [within] } : document, {
      runOnly,
      // Only violations are read: axe skips listing every passing node (a second or more per screen).
      resultTypes: ['violations'],
    });
    return results.violations.flatMap(({ id, nodes }) =>
      nodes.map((node) => `${id} at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`),
    );
  }, { runOnly, within });
}

/**
 * Audits the screen (`within`: the part a CSS selector picks) once its placeholders (aria-busy) have made way for the
 * content. One line per offending
 * element: the rule, where, and what to fix. Soft, so one run lists every screen's.
 */
export async function expectAccessible(page: Page, screen: string, within?: string): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: `${screen} still loading` }).toBe(0);
  expect.soft(await axeViolations(page, 'all', within), screen).toEqual([]);
}
