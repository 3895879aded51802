/**
 * Caravan's app-shell worker: lets a trip page reload with no network, so the trip opens from the
 * document cached in IndexedDB. It keeps index.html and the hashed build assets, and the two
 * small GET answers the app needs before it can show a trip: who is signed in, and the map config.
 * Everything else (all other /_api calls, the /collab websocket) goes to the network untouched.
 *
 * - pages: network first (always the newest build when online), the cached index.html when offline;
 * - /assets/*: cache first (their names change with their content); a new build's page prunes the old build's;
 * - the manifest and the icons (the page's and the manifest's): network first, the cached copy when offline;
 * - /_api/auth/session and /_api/config: network first, the last good answer when offline; a 401 or a
 *   logout drops the cached session, so a signed-out device does not reopen as signed in (a logout also ends the
 *   device's push subscription).
 *
 * - the base map's files (styles, TileJSONs, tiles, glyphs, sprites) of an offline map pack, which the page stores
 *   in the map caches (web/src/lib/offlineMap/packStore.ts): tiles, glyphs and sprites cache first (a pack's are
 *   fixed: a new style version names new tile addresses), styles and TileJSONs network first with the pack's copy
 *   when the network fails or hangs, so an online map follows the service's newest style. Requests to the packs'
 *   origins that no pack holds go to the network as they came. The page fetches the files itself (it shows the
 *   progress and can cancel; a worker may be stopped while idle), the worker only answers from them.
 *
 * It also shows the notifications the server pushes to a device that turned them on (their trip, sentence and
 * link), and opens or focuses the app at that link when one is clicked.
 */
const SHELL_CACHE = 'caravan-shell-v1';
const DATA_CACHE = 'caravan-data-v1';
const SESSION_PATH = '/_api/auth/session';
const OFFLINE_API_PATHS = [SESSION_PATH, '/_api/config'];

const MANIFEST_PATH = '/manifest.webmanifest';

const MAP_FILES_CACHE = 'caravan-map-files-v1';
const MAP_DOCUMENTS_CACHE = 'caravan-map-documents-v1';
const MAP_PACKS_CACHE = 'caravan-map-packs-v1';
/** A style waits this long for a network that hangs (no signal rather than none) before the pack's copy answers. */
const MAP_DOCUMENT_TIMEOUT_MS = 3000;

/** The origins the packs' files come from, null until read: only their requests are looked up in the map caches. */
let mapOrigins = null;
let mapOriginsRead = readMapOrigins();

async function readMapOrigins() {
  try {
    const cache = await caches.open(MAP_PACKS_CACHE);
    const packs = await Promise.all((await cache.keys()).map(async (request) => (await cache.match(request))?.json().catch(() => null)));
    mapOrigins = new Set(packs.flatMap((pack) => (Array.isArray(pack?.origins) ? pack.origins : [])));
  } catch {
    mapOrigins = new Set();
  }
  return mapOrigins;
}

/** Until the origins are read, any request may be a pack's: it waits for them (a few milliseconds at start). */
const mightBeMapFile = (url) => mapOrigins === null || mapOrigins.has(url.origin);

async function mapFile(request) {
  const origins = await mapOriginsRead;
  if (!origins.has(new URL(request.url).origin)) return fetch(request);
  const document = await caches.match(request, { cacheName: MAP_DOCUMENTS_CACHE, ignoreVary: true });
  if (document) return networkFirst(request, document);
  const file = await caches.match(request, { cacheName: MAP_FILES_CACHE, ignoreVary: true });
  return file ?? fetch(request);
}

/** The network's answer, or the stored copy when it fails, answers an error, or takes too long. */
async function networkFirst(request, stored) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), MAP_DOCUMENT_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([fetch(request), late]);
    return response?.ok ? response : stored;
  } catch {
    return stored;
  } finally {
    clearTimeout(timer);
  }
}

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
/** Files of the shell whose names stay the same from build to build. */
const isShellFile = (url) => url.pathname === MANIFEST_PATH || url.pathname.startsWith('/icons/');

/** Paths under `/${folder}/` a page's HTML refers to. */
const pathsIn = (html, folder) => [...html.matchAll(new RegExp(`(?:src|href)="(/${folder}/[^"]+)"`, 'g'))].map((match) => match[1]);
const assetsIn = (html) => pathsIn(html, 'assets');

/** The manifest and every icon the page and the manifest name, so an offline page has its icons too. */
async function shellFilesOf(html) {
  const linked = pathsIn(html, 'icons');
  try {
    const manifest = await (await fetch(MANIFEST_PATH)).json();
    const icons = (manifest.icons ?? []).map((icon) => icon.src).filter((src) => typeof src === 'string' && src.startsWith('/icons/'));
    return [...new Set([MANIFEST_PATH, ...linked, ...icons])];
  } catch {
    return [MANIFEST_PATH, ...linked];
  }
}

async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put('/', response);
  await cacheMissing(assetsIn(html));
  await cacheMissing(await shellFilesOf(html));
  // The page asked for these before this worker could see them; fetch them once so they are here offline.
  await Promise.all(OFFLINE_API_PATHS.map((path) => withFallback(new Request(path), DATA_CACHE).catch(() => undefined)));
}

async function cacheMissing(urls) {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      await cache.add(url).catch(() => undefined);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The page lists what it loaded before this worker controlled it (its lazy chunks included); it says when the
// offline map packs changed.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'map-packs-changed') {
    mapOriginsRead = readMapOrigins();
    event.waitUntil(mapOriginsRead);
    return;
  }
  if (event.data?.type !== 'cache-assets' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && isAsset(new URL(url)));
  event.waitUntil(cacheMissing(urls));
});

/**
 * A new build's page replaced the cached one: drop the assets it does not load. Its lazy chunks come back
 * as the page loads them (it posts 'cache-assets'), so the cache holds one build rather than every build.
 */
async function pruneAssets(cache, html) {
  const keep = new Set(assetsIn(html));
  const requests = await cache.keys();
  await Promise.all(
    requests.map((request) => {
      const { pathname } = new URL(request.url);
      return pathname.startsWith('/assets/') && !keep.has(pathname) ? cache.delete(request) : undefined;
    }),
  );
}

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      const cache = await caches.open(SHELL_CACHE);
      const html = await response.clone().text();
      const previous = await cache.match('/');
      if (previous && (await previous.text()) !== html) await pruneAssets(cache, html);
      await cache.put('/', response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match('/', { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** Network first, keeping the last good answer in `cacheName` for when the network is gone. */
async function withFallback(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    else if (response.status === 401) await cache.delete(request);
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    if (request.method === 'GET' && mightBeMapFile(url)) event.respondWith(mapFile(request));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/_api/auth/logout') {
    // A signed-out device shows no more of the account's notifications: its push service then answers the
    // server 410, and the server forgets the device.
    const pushOff = self.registration.pushManager?.getSubscription().then((subscription) => subscription?.unsubscribe());
    event.waitUntil(Promise.all([caches.open(DATA_CACHE).then((cache) => cache.delete(SESSION_PATH)), pushOff?.catch(() => undefined)]));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (isAsset(url)) event.respondWith(asset(request));
  else if (isShellFile(url)) event.respondWith(withFallback(request, SHELL_CACHE));
  else if (OFFLINE_API_PATHS.includes(url.pathname)) event.respondWith(withFallback(request, DATA_CACHE));
  // A base map on the app's own host: the PMTiles archive's style, TileJSON and tiles (/_api/map/), or files beside Caravan.
  else if ((url.pathname.startsWith('/_api/map/') || !url.pathname.startsWith('/_api/')) && mightBeMapFile(url)) event.respondWith(mapFile(request));
});

/** Only a path of this app: a push carries no link elsewhere. */
const appPath = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/');

self.addEventListener('push', (event) => {
  let pushed = {};
  try {
    pushed = event.data ? event.data.json() : {};
  } catch {
    pushed = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof pushed.title === 'string' && pushed.title ? pushed.title : 'Caravan';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof pushed.body === 'string' ? pushed.body : '',
      tag: typeof pushed.tag === 'string' ? pushed.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url: appPath(pushed.url) },
    }),
  );
});

/** A window of the app showing the link is focused; else an open one goes there; else a new one opens. */
async function openApp(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === url);
  if (showing) return showing.focus();
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
  if (open) {
    const focused = await open.focus();
    return (await focused.navigate(url).catch(() => null)) ?? self.clients.openWindow(url);
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(appPath(event.notification.data?.url)));
});

// The browser renewed the device's subscription: tell the server, so pushes keep arriving (the old endpoint is
// forgotten when its push service answers 410).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription?.options;
      const renewed = event.newSubscription ?? (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!renewed) return;
      const { endpoint, keys } = renewed.toJSON();
      await fetch('/_api/account/push/subscribe', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ endpoint, keys }),
      });
    })().catch(() => undefined),
  );
});
