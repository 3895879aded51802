/**
 * A stand-in vector tile service on 127.0.0.1 speaking what OpenFreeMap serves: the style (/styles/liberty), its
 * TileJSON (/planet), Mapbox Vector Tiles in the OpenMapTiles schema (/planet/stand-in/{z}/{x}/{y}.pbf, gzipped when
 * asked, as OpenFreeMap sends them; a synthetic world denser near the given towns: vectorTiles/syntheticTile.ts),
 * glyph ranges (/fonts/{fontstack}/{range}.pbf) and the sprite (/sprites/ofm_f384/ofm[@2x].json|png), all with
 * CORS open as OpenFreeMap's are. It counts requests and bytes by kind; `bytesPerSecond` throttles everything it
 * sends to one shared rate (a phone's link), `latencyMs` holds each answer's first byte. Tiles past `maxZoom` are 404.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { closeServer, listenLocally } from './standInServer.ts';
import { glyphRange, sprite } from './vectorTiles/glyphsAndSprite.ts';
import { standInStyle, standInTileJson } from './vectorTiles/standInStyle.ts';
import { syntheticTile, type StandInTown } from './vectorTiles/syntheticTile.ts';

export type { StandInTown } from './vectorTiles/syntheticTile.ts';

export type VectorTileRequestKind = 'style' | 'tilejson' | 'tile' | 'glyphs' | 'sprite' | 'other';

export interface VectorTileStandInOptions {
  towns?: readonly StandInTown[];
  /** The TileJSON's maxzoom (OpenFreeMap's is 14); deeper tiles answer 404. */
  maxZoom?: number;
  /** Everything sent shares this rate; unset: as fast as the machine goes. */
  bytesPerSecond?: number;
  /** Held before each answer's first byte, as a round trip to a far server takes. */
  latencyMs?: number;
}

export interface VectorTileStandIn {
  /** The origin; the style is at `${url}/styles/liberty`. */
  url: string;
  styleUrl: string;
  /** Requests answered, by kind. */
  requests: Record<VectorTileRequestKind, number>;
  /** Body bytes sent, by kind (as sent: gzipped tiles count gzipped). */
  bytesSent: Record<VectorTileRequestKind, number>;
  /** Every tile asked for, as 'z/x/y'. */
  tilesAsked: string[];
  /** Changes the throttle (bytes per second; undefined: none). */
  throttle(bytesPerSecond: number | undefined): void;
  /** A tile's bytes, uncompressed and gzipped (built once and kept). */
  tile(z: number, x: number, y: number): { raw: Uint8Array; gzipped: Uint8Array };
  /** Answers in place of the normal answer while set (an outage, a slow tile). */
  reply: ((response: http.ServerResponse, url: URL) => void) | null;
  resetCounts(): void;
  close(): Promise<void>;
}

/** Writes are cut into chunks this big, each sent in its turn of the shared rate. */
const CHUNK_BYTES = 16 * 1024;
const CORS = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=86400' };

const counts = (): Record<VectorTileRequestKind, number> => ({ style: 0, tilejson: 0, tile: 0, glyphs: 0, sprite: 0, other: 0 });

export async function startVectorTileStandIn(options: VectorTileStandInOptions = {}): Promise<VectorTileStandIn> {
  const { towns = [], maxZoom = 14, latencyMs = 0 } = options;
  let rate = options.bytesPerSecond;
  /** When the shared link is next free (performance.now()). */
  let linkFreeAt = 0;
  const tiles = new Map<string, { raw: Uint8Array; gzipped: Uint8Array }>();
  const sprites = [1, 2].map((ratio) => sprite(ratio));

  const standIn: VectorTileStandIn = {
    url: '',
    styleUrl: '',
    requests: counts(),
    bytesSent: counts(),
    tilesAsked: [],
    throttle: (bytesPerSecond) => void (rate = bytesPerSecond),
    tile(z, x, y) {
      const key = `${z}/${x}/${y}`;
      let tile = tiles.get(key);
      if (!tile) {
        const raw = syntheticTile(z, x, y, towns);
        tile = { raw, gzipped: gzipSync(raw) };
        tiles.set(key, tile);
      }
      return tile;
    },
    reply: null,
    resetCounts() {
      standIn.requests = counts();
      standIn.bytesSent = counts();
      standIn.tilesAsked = [];
    },
    close: () => closeServer(server),
  };

  async function send(response: http.ServerResponse, kind: VectorTileRequestKind, status: number, headers: Record<string, string>, body: Uint8Array) {
    if (latencyMs > 0) await sleep(latencyMs);
    response.writeHead(status, { ...CORS, ...headers, 'content-length': String(body.byteLength) });
    standIn.requests[kind] += 1;
    standIn.bytesSent[kind] += body.byteLength;
    for (let offset = 0; offset < body.byteLength; offset += CHUNK_BYTES) {
      const chunk = body.subarray(offset, offset + CHUNK_BYTES);
      if (rate) {
        const now = performance.now();
        linkFreeAt = Math.max(now, linkFreeAt) + (chunk.byteLength / rate) * 1000;
        await sleep(linkFreeAt - now);
      }
      if (response.destroyed) return;
      response.write(chunk);
    }
    response.end();
  }

  const json = (value: unknown) => Buffer.from(JSON.stringify(value));

  async function answer(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const path = url.pathname;
    if (path === '/styles/liberty') return send(response, 'style', 200, { 'content-type': 'application/json' }, json(standInStyle(standIn.url)));
    if (path === '/planet') return send(response, 'tilejson', 200, { 'content-type': 'application/json' }, json(standInTileJson(standIn.url, maxZoom)));
    const tile = /^\/planet\/stand-in\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(path);
    if (tile) {
      const [z, x, y] = tile.slice(1).map(Number);
      standIn.tilesAsked.push(`${z}/${x}/${y}`);
      if (z > maxZoom || x >= 2 ** z || y >= 2 ** z) return send(response, 'tile', 404, { 'content-type': 'text/plain' }, Buffer.from('no such tile'));
      const { raw, gzipped } = standIn.tile(z, x, y);
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      return send(response, 'tile', 200, { 'content-type': 'application/x-protobuf', ...(gzip ? { 'content-encoding': 'gzip' } : {}) }, gzip ? gzipped : raw);
    }
    const glyphs = /^\/fonts\/([^/]+)\/(\d+)-(\d+)\.pbf$/.exec(path);
    if (glyphs) {
      const start = Number(glyphs[2]);
      if (start % 256 !== 0 || start > 65280) return send(response, 'glyphs', 404, { 'content-type': 'text/plain' }, Buffer.from('no such range'));
      return send(response, 'glyphs', 200, { 'content-type': 'application/x-protobuf' }, glyphRange(decodeURIComponent(glyphs[1]), start));
    }
    const spriteFile = /^\/sprites\/ofm_f384\/ofm(@2x)?\.(json|png)$/.exec(path);
    if (spriteFile) {
      const { index, png } = sprites[spriteFile[1] ? 1 : 0];
      return spriteFile[2] === 'json'
        ? send(response, 'sprite', 200, { 'content-type': 'application/json' }, json(index))
        : send(response, 'sprite', 200, { 'content-type': 'image/png' }, png);
    }
    return send(response, 'other', 404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, standIn.url);
    if (standIn.reply) return standIn.reply(response, url);
    answer(request, response, url).catch(() => response.destroy());
  });
  standIn.url = await listenLocally(server);
  standIn.styleUrl = `${standIn.url}/styles/liberty`;
  return standIn;
}
