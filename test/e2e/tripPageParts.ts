/**
 * Parts of the trip page as the browser tests find them (the trip view, the map, the add panel, the collaboration
 * panel, the live status, a toast, the stop list and its order), declared once for every test file.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const tripView = (page: Page) => page.getByRole('region', { name: 'Trip view' });
export const tripMap = (page: Page) => page.getByRole('region', { name: 'Trip map' });
export const addPanel = (page: Page) => page.getByRole('region', { name: 'Add stops' });
export const collaboration = (page: Page) => page.getByRole('region', { name: 'Collaboration' });
/** Saved / Saving / Offline: the page's word on its live document. */
export const saveStatus = (page: Page) => page.getByRole('status', { name: 'Live status' });

/** Waits for a toast with exactly `text`. */
export const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true }).waitFor();

/** The page's stop list, also while a dialog hides the rest of the page from assistive technology. */
export const stopList = (page: Page) => page.getByRole('list', { name: 'Stops', exact: true, includeHidden: true });

export const stopNames = (page: Page) => stopList(page).locator('.stop-name').allTextContents();

/**
 * How long a browser test gives one member's change to show on another member's open page. Live, it takes a fraction
 * of a second (bench:collab has the figure); here two Chromium pages, the servers and another test file share two
 * cores, so the test tells a live change from one seen only after a reload, not the figure.
 */
export const LIVE_MS = 3000;

/**
 * How long a browser test waits for the first answer of a heavy task (a route's proposal, a day plan): it runs in the
 * worker pool, whose thread starts with the first task, a second or two on a quiet machine but tens of seconds with two
 * Chromium pages and another test file on two cores. The page shows its progress meanwhile.
 */
export const HEAVY_FIRST_MS = 60_000;

/** Polls often: a live change from another member lands within moments. */
export const waitForNames = (page: Page, names: string[], timeout = 5000) =>
  expect.poll(() => stopNames(page), { timeout, interval: 25 }).toEqual(names);
