/**
 * The base map served from a self-hosted PMTiles archive (MAP_PMTILES_URL), on the app's own origin and open to
 * anyone (the share page draws it too; it is public map data): GET /_api/map/style.json (and style-dark.json with
 * MAP_STYLE_URL_DARK) the style pointed at the TileJSON, GET /_api/map/tiles.json the TileJSON, and
 * GET /_api/map/tiles/{z}/{x}/{y}.pbf a tile (204 where the archive has none, as MapLibre reads an empty tile).
 * /_api/config names the style, so the page's map and the offline pack ask these like any tile server.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import Router from '@koa/router';
import { messages } from '@caravan/shared';
import { AppError, providerUserAgent } from '@caravan/engine';
import { openPmtilesArchive } from '../../map/pmtilesArchive.ts';
import { pmtilesStyle } from '../../map/pmtilesStyle.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';

const gzipped = promisify(gzip);
const TILE_CACHE = 'public, max-age=86400';
const STYLE_CACHE = 'public, max-age=3600';
const MAX_ZOOM = 24;

export const BASE_MAP_STYLE_PATH = '/_api/map/style.json';
export const BASE_MAP_DARK_STYLE_PATH = '/_api/map/style-dark.json';

/** A tile's z, x and y when they name one; null otherwise. */
function tileAddress(z: string, x: string, file: string): [number, number, number] | null {
  const y = /^(\d{1,8})\.pbf$/.exec(file)?.[1];
  if (!/^\d{1,2}$/.test(z) || !/^\d{1,8}$/.test(x) || y === undefined) return null;
  const [zoom, column, row] = [Number(z), Number(x), Number(y)];
  return zoom <= MAX_ZOOM && column < 2 ** zoom && row < 2 ** zoom ? [zoom, column, row] : null;
}

async function unlessUnreadable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch {
    throw new AppError('unavailable', messages.baseMap.tilesUnavailable);
  }
}

export function baseMapRoutes({ config }: Pick<AppDeps, 'config'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/_api/map' });
  if (!config.mapPmtilesUrl) return router;
  const userAgent = providerUserAgent(config.publicOrigin);
  const archive = openPmtilesArchive(config.mapPmtilesUrl, userAgent);
  const styles = { light: pmtilesStyle(config, userAgent), dark: config.mapStyleUrlDark ? pmtilesStyle({ ...config, mapStyleUrl: config.mapStyleUrlDark }, userAgent) : null };

  const json = (ctx: AppContext, cache: string, body: object) => {
    ctx.set('Cache-Control', cache);
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = body;
  };

  router.get('/style.json', async (ctx) => json(ctx, STYLE_CACHE, await styles.light(config.publicOrigin)));
  if (styles.dark) router.get('/style-dark.json', async (ctx) => json(ctx, STYLE_CACHE, await styles.dark!(config.publicOrigin)));
  router.get('/tiles.json', async (ctx) => json(ctx, STYLE_CACHE, await unlessUnreadable(() => archive.tileJson(config.publicOrigin))));
  router.get('/tiles/:z/:x/:file', async (ctx) => {
    const address = tileAddress(ctx.params.z, ctx.params.x, ctx.params.file);
    if (!address) throw new AppError('not_found', messages.common.notFound);
    const bytes = await unlessUnreadable(() => archive.tile(...address));
    ctx.set('Cache-Control', TILE_CACHE);
    ctx.set('Access-Control-Allow-Origin', '*');
    if (!bytes) {
      ctx.status = 204;
      return;
    }
    ctx.type = 'application/x-protobuf';
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await gzipped(bytes);
    } else {
      ctx.body = Buffer.from(bytes);
    }
  });
  return router;
}
