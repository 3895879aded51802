/**
 * A stand-in for a remote base-map service, on 127.0.0.1: a small MapLibre style whose one vector
 * source's tiles each hold a square of "land" covering the tile, drawn in TILE_FILL over BACKGROUND, with its
 * own attribution; and its dark variant, the same tiles in DARK_TILE_FILL. `breaking` says which tiles answer
 * 500: none, the first tile asked for (every time it is asked), or all of them. The browser asks for it at STAND_IN_ORIGIN, an https name (the app's CSP lets the map's worker
 * fetch from https tile services only), which `serveTo` routes to the stand-in; it answers with CORS headers,
 * as a tile service on another origin must.
 */
import http from 'node:http';
import type { BrowserContext } from 'playwright-core';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { closeServer, listenLocally } from '@caravan/engine/test';

export const STAND_IN_ORIGIN = 'https://tiles.stand-in.test';
/** The MAP_STYLE_URL of a stack whose base map is the stand-in. */
export const STAND_IN_STYLE_URL = `${STAND_IN_ORIGIN}/style.json`;
/** Its MAP_STYLE_URL_DARK. */
export const STAND_IN_DARK_STYLE_URL = `${STAND_IN_ORIGIN}/style-dark.json`;

export const TILE_FILL = '#9fcf7a';
export const DARK_TILE_FILL = '#1d3b2a';
const BACKGROUND = '#6b5b95';
export const STAND_IN_ATTRIBUTION = 'Stand-in tiles';

export interface TileStandIn {
  breaking: 'none' | 'first' | 'all';
  /** Tile paths asked for, and those answered with 500, since the last `reset`. */
  asked: string[];
  broken: string[];
  reset(breaking: TileStandIn['breaking']): void;
  /** Sends the context's requests for STAND_IN_ORIGIN to the stand-in. */
  serveTo(context: BrowserContext): Promise<void>;
  close(): Promise<void>;
}

/** The whole world as one "land" polygon, cut into tiles and encoded by MapLibre's own tiler and encoder. */
const WORLD: GeoJSON.Polygon = { type: 'Polygon', coordinates: [[[-180, -85.06], [180, -85.06], [180, 85.06], [-180, 85.06], [-180, -85.06]]] };
const land = new GeoJSONVT(WORLD, { maxZoom: 14, buffer: 64 });
const landTile = (path: string): Buffer => {
  const [z, x, y] = path.slice('/tiles/'.length).replace('.pbf', '').split('/').map(Number);
  return Buffer.from(fromGeojsonVt({ land: land.getTile(z, x, y)! }));
};

const style = (fill: string) =>
  JSON.stringify({
    version: 8,
    sources: {
      standin: { type: 'vector', tiles: [`${STAND_IN_ORIGIN}/tiles/{z}/{x}/{y}.pbf`], maxzoom: 14, attribution: STAND_IN_ATTRIBUTION },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND } },
      { id: 'land', type: 'fill', source: 'standin', 'source-layer': 'land', paint: { 'fill-color': fill } },
    ],
  });
const STYLES: Record<string, string> = { '/style.json': style(TILE_FILL), '/style-dark.json': style(DARK_TILE_FILL) };

export async function startTileStandIn(): Promise<TileStandIn> {
  let origin = '';
  const standIn: TileStandIn = {
    breaking: 'none',
    asked: [],
    broken: [],
    reset(breaking) {
      standIn.breaking = breaking;
      standIn.asked = [];
      standIn.broken = [];
    },
    async serveTo(context) {
      await context.route(`${STAND_IN_ORIGIN}/**`, async (route) => {
        const response = await route.fetch({ url: route.request().url().replace(STAND_IN_ORIGIN, origin) });
        await route.fulfill({ response });
      });
    },
    close: () => closeServer(server),
  };
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (STYLES[path]) return response.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(STYLES[path]);
    if (!path.startsWith('/tiles/')) return response.writeHead(404, headers).end();
    standIn.asked.push(path);
    const breaks = standIn.breaking === 'all' || (standIn.breaking === 'first' && path === standIn.asked[0]);
    if (!breaks) return response.writeHead(200, { ...headers, 'content-type': 'application/x-protobuf' }).end(landTile(path));
    standIn.broken.push(path);
    response.writeHead(500, headers).end('tile service error');
  });
  origin = await listenLocally(server);
  return standIn;
}
