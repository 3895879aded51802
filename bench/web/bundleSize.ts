/**
 * First-load JavaScript of a page: every .js/.mjs response the page fetches until the network is idle,
 * gzip-compressed here (level 9, as a static server or CDN would serve it). The map library's chunks are
 * reported apart: the target excludes them, and they should load only on pages with a map.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

export interface PageJs {
  path: string;
  /** gzip bytes of the page's JS, map library excluded. */
  gzip: number;
  files: number;
  /** gzip bytes of the map library's chunks, if this page loaded them. */
  mapGzip: number;
}

const isMapLibrary = (url: string) => /maplibre|mapbox|map-library/i.test(url);

export async function firstLoadJs(context: BrowserContext, url: string, ready: string): Promise<PageJs> {
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.m?js$/.test(pathname) && response.ok()) bodies.set(pathname, response.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  let gzip = 0;
  let mapGzip = 0;
  for (const [pathname, body] of bodies) {
    const size = gzipSync(await body, { level: 9 }).length;
    if (isMapLibrary(pathname)) mapGzip += size;
    else gzip += size;
  }
  await page.close();
  return { path: new URL(url).pathname, gzip, files: bodies.size, mapGzip };
}
