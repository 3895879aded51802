/**
 * Where offline map packs live on the device: three caches of Cache Storage that the app-shell worker
 * (public/sw.js) reads by the same names.
 * - MAP_FILES_CACHE: tiles, glyphs and sprites, each stored once whichever packs need it (a tile of two trips'
 *   corridors is one entry), with its size in a header of ours;
 * - MAP_DOCUMENTS_CACHE: the styles and TileJSONs, which the worker answers network first (so an online map
 *   follows the service's newest style) and from here offline;
 * - MAP_PACKS_CACHE: one small manifest per member and trip (what the pack holds, from which plan), listed by
 *   the account page; deleting one removes the files no other manifest names.
 */
import { sourceTileUrls, type TileRun, type TileSource } from './tileRuns.ts';
import type { FileStore } from './downloadQueue.ts';

export const MAP_FILES_CACHE = 'caravan-map-files-v1';
export const MAP_DOCUMENTS_CACHE = 'caravan-map-documents-v1';
export const MAP_PACKS_CACHE = 'caravan-map-packs-v1';
const SIZE_HEADER = 'x-caravan-bytes';

export interface PackManifest {
  userId: number;
  tripId: string;
  tripTitle: string;
  /** The plan's key when the pack was made: another key means the route changed since. */
  packKey: string;
  savedAt: string;
  /** False after a cancel or failed files: the pack lacks some of its tiles. */
  complete: boolean;
  /** The styles (light and dark) and TileJSONs it holds. */
  documents: string[];
  /** Its glyph and sprite files. */
  files: string[];
  tileSources: TileSource[];
  runs: TileRun[];
  /** Tiles of the plan (the server's count) and files stored for them, with the pack's bytes. */
  tileCount: number;
  bytes: number;
  /** The origins its files come from: the worker answers those origins' requests from the caches. */
  origins: string[];
}

const manifestAddress = (userId: number, tripId: string) => `${location.origin}/offline-map/packs/${userId}/${encodeURIComponent(tripId)}`;

/** Every tile address the pack holds, over all its sources. */
export function packTileUrls(pack: Pick<PackManifest, 'tileSources' | 'runs'>): string[] {
  return [...new Set(pack.tileSources.flatMap((source) => [...sourceTileUrls(source, pack.runs)]))];
}

export async function listPacks(userId: number): Promise<PackManifest[]> {
  const cache = await caches.open(MAP_PACKS_CACHE);
  const prefix = `${location.origin}/offline-map/packs/${userId}/`;
  const requests = (await cache.keys()).filter((request) => request.url.startsWith(prefix));
  const packs = await Promise.all(requests.map(async (request) => (await cache.match(request))?.json() as Promise<PackManifest>));
  return packs.filter(Boolean).sort((a, b) => a.tripTitle.localeCompare(b.tripTitle));
}

export async function packOf(userId: number, tripId: string): Promise<PackManifest | null> {
  const found = await (await caches.open(MAP_PACKS_CACHE)).match(manifestAddress(userId, tripId));
  return found ? ((await found.json()) as PackManifest) : null;
}

export async function savePack(pack: PackManifest): Promise<void> {
  const cache = await caches.open(MAP_PACKS_CACHE);
  await cache.put(manifestAddress(pack.userId, pack.tripId), new Response(JSON.stringify(pack), { headers: { 'content-type': 'application/json' } }));
  tellWorker();
}

/** Removes the pack, and every file of it that no other pack (of any member on this device) names. */
export async function deletePack(userId: number, tripId: string): Promise<void> {
  const packs = await caches.open(MAP_PACKS_CACHE);
  const pack = await packOf(userId, tripId);
  await packs.delete(manifestAddress(userId, tripId));
  if (pack) await removeUnused([...pack.documents, ...pack.files, ...packTileUrls(pack)]);
  tellWorker();
}

/** Deletes those of `urls` that no saved manifest names (after a pack was deleted or updated). */
export async function removeUnused(urls: readonly string[]): Promise<void> {
  const packs = await caches.open(MAP_PACKS_CACHE);
  const others = await Promise.all((await packs.keys()).map(async (request) => (await packs.match(request))?.json() as Promise<PackManifest>));
  const kept = new Set(others.filter(Boolean).flatMap((other) => [...other.documents, ...other.files, ...packTileUrls(other)]));
  const [files, documents] = await Promise.all([caches.open(MAP_FILES_CACHE), caches.open(MAP_DOCUMENTS_CACHE)]);
  const unused = urls.filter((url) => !kept.has(url));
  // A few at a time: a long route's pack is tens of thousands of entries.
  for (let start = 0; start < unused.length; start += 200) {
    await Promise.all(unused.slice(start, start + 200).flatMap((url) => [files.delete(url), documents.delete(url)]));
  }
}

/** A store over one of the caches, keeping each file's size beside it. */
export async function cacheStore(name: string): Promise<FileStore> {
  const cache = await caches.open(name);
  return {
    async sizeOf(url) {
      const found = await cache.match(url);
      return found ? Number(found.headers.get(SIZE_HEADER) ?? 0) : null;
    },
    async put(url, body, contentType) {
      const headers: Record<string, string> = { [SIZE_HEADER]: String(body.byteLength) };
      if (contentType) headers['content-type'] = contentType;
      await cache.put(url, new Response(body, { headers }));
    },
  };
}

/** The worker reads the packs' origins again, so it answers the map's requests from the new set of packs. */
function tellWorker(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'map-packs-changed' });
}
