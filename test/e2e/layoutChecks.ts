/**
 * What a phone user notices when a layout does not fit, measured in the page: the document scrolling
 * sideways (and which elements stick out past the window's edge), controls whose label is cut off, and
 * names broken inside a word. Each returns one line per offending element, empty when the page fits.
 */
import type { Page } from 'playwright-core';

/** A short, readable name for an element in a failure message: tag, classes and the start of its text. */
const describeElement = `(element) => {
  const classes = [...element.classList].map((name) => '.' + name).join('');
  const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\\s+/g, ' ').slice(0, 40);
  return element.tagName.toLowerCase() + classes + (text ? ' "' + text + '"' : '');
}`;

/** Elements that reach past the window's left or right edge, outermost first; the map's own canvas layers are left out. */
export function elementsPastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate((describe) => {
    const name = new Function(`return ${describe}`)() as (element: Element) => string;
    const width = document.documentElement.clientWidth;
    const offenders: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.maplibregl-canvas-container, .maplibregl-marker, .visually-hidden, [aria-hidden="true"]')) continue;
      if (!element.checkVisibility()) continue;
      const { left, right, width: own } = element.getBoundingClientRect();
      if (own <= 1 || (right <= width + 0.5 && left >= -0.5)) continue;
      // The outermost is the one to fix; its children stick out with it.
      if (offenders.some((outer) => outer.contains(element))) continue;
      offenders.push(element);
    }
    return offenders.map((element) => `${name(element)} spans ${Math.round(element.getBoundingClientRect().left)}–${Math.round(element.getBoundingClientRect().right)} px of ${width}`);
  }, describeElement);
}

/** Buttons, links, tabs and labels whose text is wider than the box that shows it (cut off or ellipsed). */
export function cutOffControls(page: Page): Promise<string[]> {
  return page.evaluate((describe) => {
    const name = new Function(`return ${describe}`)() as (element: Element) => string;
    return [...document.querySelectorAll<HTMLElement>('button, a, label, [role="tab"], .stop-name, .collab-item-title')]
      .filter((element) => element.checkVisibility() && !element.closest('.visually-hidden'))
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== 'inline')
      .map((element) => `${name(element)} shows ${element.clientWidth} of ${element.scrollWidth} px`);
  }, describeElement);
}

/** Text laid out on more lines than it has words: a name broken inside a word (one letter per line at worst). */
export function wordsBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate((describe) => {
    const name = new Function(`return ${describe}`)() as (element: Element) => string;
    const offenders: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !parent.checkVisibility() || parent.closest('.visually-hidden, .maplibregl-map, [aria-hidden="true"]')) continue;
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
      // A line may also end after a hyphen or a slash.
      const words = text.split(/[\s/‐–—-]+/).filter(Boolean).length;
      if (lines.size > words) offenders.push(`${name(parent)} takes ${lines.size} lines for ${words} word(s)`);
    }
    return offenders;
  }, describeElement);
}
