/**
 * Makes or updates a trip's offline map pack: from the server's tile list (the plan) and the base map's styles,
 * it resolves what the map will ask for (styles → their sources' TileJSONs → tile templates; sprites; glyphs),
 * stores the styles and TileJSONs, downloads the glyphs, sprites and every tile not yet on the device, and
 * writes the manifest. A pack made again after the route changed therefore fetches only the tiles it lacks.
 */
import { baseMapChoice } from '../../components/tripMap/mapStyle.ts';
import type { TClientConfigResponse } from '@caravan/shared';
import { downloadAll, type DownloadProgress, type FileStore } from './downloadQueue.ts';
import { cacheStore, MAP_DOCUMENTS_CACHE, MAP_FILES_CACHE, packTileUrls, removeUnused, savePack, type PackManifest } from './packStore.ts';
import { glyphUrls, spriteUrls, styleSources, tileSourceOf } from './styleResources.ts';
import { countTiles, tileCoverage, type TileRun, type TileSource } from './tileRuns.ts';

/** The server's tile list for a trip (POST /trips/offline-map/plan). */
export interface PackPlan {
  packKey: string;
  runs: TileRun[];
  tileCount: number;
  estimatedBytes: number;
  maxZoom: number;
}

/**
 * The style addresses a pack keeps: the base map's light and dark styles (their tiles are usually the same, so
 * the second costs a style and a sprite). None for the embedded map (it needs no network) or for Mapbox's styles,
 * whose terms allow offline use only in Mapbox's own mobile SDKs.
 */
export function offlineStyleUrls(config: TClientConfigResponse | undefined): string[] {
  const urls = (['light', 'dark'] as const).flatMap((scheme) => {
    const choice = baseMapChoice(config, scheme);
    return choice.kind === 'remote' && /^https?:/.test(choice.url) ? [choice.url] : [];
  });
  return [...new Set(urls)];
}

export interface PreparedPack {
  plan: PackPlan;
  styleUrls: string[];
  /** Styles and TileJSONs, as fetched, to store as they are. */
  documents: Array<{ url: string; body: ArrayBuffer; contentType: string | null }>;
  /** Glyphs and sprites. */
  files: string[];
  tileSources: TileSource[];
  tileUrls: string[];
}

async function fetchDocument(url: string, fetchFile: typeof fetch, signal?: AbortSignal) {
  const response = await fetchFile(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = await response.arrayBuffer();
  return { url, body, contentType: response.headers.get('content-type'), json: JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown> };
}

/** Reads the styles and their sources' TileJSONs: the list of every file the pack needs. */
export async function preparePack(plan: PackPlan, styleUrls: readonly string[], fetchFile: typeof fetch = fetch, signal?: AbortSignal): Promise<PreparedPack> {
  const documents: PreparedPack['documents'] = [];
  const files = new Set<string>();
  const sources = new Map<string, TileSource>();
  const tileJsons = new Map<string, TileSource | null>();
  for (const styleUrl of styleUrls) {
    const style = await fetchDocument(styleUrl, fetchFile, signal);
    documents.push(style);
    for (const url of [...spriteUrls(style.json, styleUrl), ...glyphUrls(style.json, styleUrl)]) files.add(url);
    for (const source of styleSources(style.json, styleUrl)) {
      let tiles: TileSource | null;
      if ('tiles' in source) tiles = source.tiles;
      else {
        if (!tileJsons.has(source.tileJsonUrl)) {
          const tileJson = await fetchDocument(source.tileJsonUrl, fetchFile, signal);
          documents.push(tileJson);
          tileJsons.set(source.tileJsonUrl, tileSourceOf(tileJson.json, source.tileJsonUrl));
        }
        tiles = tileJsons.get(source.tileJsonUrl) ?? null;
      }
      if (tiles) sources.set(JSON.stringify(tiles), tiles);
    }
  }
  const tileSources = [...sources.values()];
  const tileUrls = packTileUrls({ tileSources, runs: plan.runs });
  return { plan, styleUrls: [...styleUrls], documents, files: [...files], tileSources, tileUrls };
}

/** The bytes a download will fetch: the plan's estimate for the tiles the device's pack does not cover yet. */
export function estimatedDownload(plan: PackPlan, existing: Pick<PackManifest, 'runs'> | null): { tiles: number; bytes: number } {
  if (!existing) return { tiles: plan.tileCount, bytes: plan.estimatedBytes };
  const has = tileCoverage(existing.runs);
  let missing = 0;
  for (const [z, y, x0, x1] of plan.runs) for (let x = x0; x <= x1; x++) if (!has(z, x, y)) missing++;
  const perTile = plan.tileCount > 0 ? plan.estimatedBytes / plan.tileCount : 0;
  return { tiles: missing, bytes: Math.round(missing * perTile) };
}

interface DownloadOptions {
  userId: number;
  tripId: string;
  tripTitle: string;
  /** The pack on the device before, if any: its files no longer needed are removed after. */
  previous: PackManifest | null;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  fetchFile?: typeof fetch;
  stores?: { files: FileStore; documents: FileStore };
}

/** Downloads what the device lacks and saves the manifest (incomplete after a cancel or failures, to resume). */
export async function downloadPack(prepared: PreparedPack, options: DownloadOptions): Promise<{ pack: PackManifest; failedUrls: string[]; cancelled: boolean }> {
  const stores = options.stores ?? { files: await cacheStore(MAP_FILES_CACHE), documents: await cacheStore(MAP_DOCUMENTS_CACHE) };
  const urls = [...prepared.files, ...prepared.tileUrls];
  let result;
  try {
    result = await downloadAll(urls, { store: stores.files, signal: options.signal, onProgress: options.onProgress, fetchFile: options.fetchFile });
  } catch (error) {
    // Out of space: the files this download stored give the space back, unless another pack names them.
    await removeUnused(urls).catch(() => undefined);
    throw error;
  }
  const cancelled = Boolean(options.signal?.aborted);
  // The styles last: a pack whose tiles are not all there yet still says so through `complete`.
  for (const document of prepared.documents) await stores.documents.put(document.url, document.body, document.contentType);
  const documentBytes = prepared.documents.reduce((sum, document) => sum + document.body.byteLength, 0);
  const origins = [...new Set([...prepared.documents.map((document) => document.url), ...urls].map((url) => new URL(url).origin))];
  const pack: PackManifest = {
    userId: options.userId,
    tripId: options.tripId,
    tripTitle: options.tripTitle,
    packKey: prepared.plan.packKey,
    savedAt: new Date().toISOString(),
    complete: !cancelled && result.failed === 0 && result.done === result.total,
    documents: prepared.documents.map((document) => document.url),
    files: prepared.files,
    tileSources: prepared.tileSources,
    runs: prepared.plan.runs,
    tileCount: countTiles(prepared.plan.runs),
    bytes: result.bytes + documentBytes,
    origins,
  };
  await savePack(pack);
  if (options.previous) {
    const before = options.previous;
    await removeUnused([...before.documents, ...before.files, ...packTileUrls(before)]);
  }
  return { pack, failedUrls: result.failedUrls, cancelled };
}
