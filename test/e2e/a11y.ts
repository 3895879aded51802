/** An axe-core audit of the page as it stands, against WCAG 2.1 A and AA. */
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
  }
}

/**
 * What an audit covers. `theme`: 'dark' audits only the rules whose verdict depends on colours, since the dark theme
 * changes colours and nothing else (web/src/theme.css) and the same screen was audited whole in the light. `within`:
 * the part of the page under test (a dialog, a panel); the rest of the trip page is the layout walk's to audit, and
 * axe's time grows with what it is given (the import test's thousand rows took half a minute).
 */
export interface AuditScope {
  theme?: 'light' | 'dark';
  within?: Locator;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const SCOPE_ATTRIBUTE = 'data-axe-scope';

/**
 * The page's WCAG 2 A/AA violations, one line per failing element naming the rule, the element and what is wrong;
 * empty when it passes. axe goes in as a script tag, which the app's Content-Security-Policy refuses: the page's
 * browser context must be made with `bypassCSP: true`.
 */
export async function axeViolations(page: Page, { theme = 'light', within }: AuditScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: axePath });
  const runOnly = theme === 'light' ? { type: 'tag', values: WCAG_TAGS } : { type: 'rule', values: COLOUR_RULES };
  if (within) await within.evaluate((element, name) => element.setAttribute(name, ''), SCOPE_ATTRIBUTE);
  const include = within ? `[${SCOPE_ATTRIBUTE}]` : null;
  try {
    return await page.evaluate(
      async ({ runOnly, include }) => {
        const results = await window.axe!.run(include ? { include: [include] } : document, {
          runOnly,
          // Only violations are read: axe skips listing every passing node (a second or more per screen).
          resultTypes: ['violations'],
        });
        return results.violations.flatMap(({ id, nodes }) =>
          nodes.map((node) => `${id} at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`),
        );
      },
      { runOnly, include },
    );
  } finally {
    if (within) await within.evaluate((element, name) => element.removeAttribute(name), SCOPE_ATTRIBUTE).catch(() => {});
  }
}

/**
 * Audits the screen once its placeholders (aria-busy) have made way for the content. One line per offending
 * element: the rule, where, and what to fix. Soft, so one run lists every screen's.
 */
export async function expectAccessible(page: Page, screen: string, scope: AuditScope = {}): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: `${screen} still loading` }).toBe(0);
  expect.soft(await axeViolations(page, scope), screen).toEqual([]);
}
