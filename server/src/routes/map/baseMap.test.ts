/**
 * MAP_PMTILES_URL: the server reads a PMTiles archive (made here, served by a host that honours Range) by range
 * requests and serves it as plain XYZ on its own origin: /_api/config names the server's style, whose vector source
 * is the server's TileJSON (glyphs and sprite stay the style host's), and each tile is the archive's bytes; a tile
 * the archive lacks is an empty 204, an address that names no tile a 404; with PROVIDERS=offline and no style of
 * the operator's, a plain style asks nothing public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@caravan/engine';
import { startVectorTileStandIn, type VectorTileStandIn } from '@caravan/engine/test';
import { pmtilesStyle } from '../../map/pmtilesStyle.ts';
import { pmtilesArchive, serveWithRanges, type ArchiveTile, type RangeServer } from '../../test/pmtilesWriter.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const EUREKA = { name: 'Eureka', latitude: 40.8, longitude: -124.16, radiusKm: 3 };
/** Eureka's tile at each zoom from 0 to 8 (and so the archive's zooms). */
const TILES = Array.from({ length: 9 }, (_, z) => {
  const n = 2 ** z;
  const y = Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + (EUREKA.latitude * Math.PI) / 360)) / Math.PI) / 2) * n);
  return { z, x: Math.floor(((EUREKA.longitude + 180) / 360) * n), y };
});
const LAYERS = [{ id: 'transportation', fields: { class: 'String' } }, { id: 'water', fields: {} }];

const config: Partial<Config> = {};
let styleHost: VectorTileStandIn;
let archiveHost: RangeServer;
let archiveSize: number;
let tiles: ArchiveTile[];
beforeAll(async () => {
  styleHost = await startVectorTileStandIn({ towns: [EUREKA] });
  tiles = TILES.map(({ z, x, y }) => ({ z, x, y, bytes: styleHost.tile(z, x, y).raw }));
  const archive = pmtilesArchive(tiles, { name: 'Test coast', attribution: '© Test contributors', vector_layers: LAYERS });
  archiveSize = archive.length;
  archiveHost = await serveWithRanges(archive);
  Object.assign(config, { mapPmtilesUrl: archiveHost.url, mapStyleUrl: styleHost.styleUrl });
});
afterAll(() => Promise.all([styleHost?.close(), archiveHost?.close()]));
const t = useTestServer(config);

const get = (path: string) => fetch(`${t.server.url}${path}`);

describe('a self-hosted PMTiles base map', () => {
  it("names the server's own style, pointed at the archive's tiles on the app's origin", async () => {
    const clientConfig = await (await get('/_api/config')).json();
    expect(clientConfig.mapStyleUrl).toBe(`${t.server.url}/_api/map/style.json`);
    const style = await (await fetch(clientConfig.mapStyleUrl)).json();
    expect(style.sources.openmaptiles).toEqual({ type: 'vector', url: `${t.server.url}/_api/map/tiles.json` });
    expect(style.glyphs).toBe(`${styleHost.url}/fonts/{fontstack}/{range}.pbf`);
    expect(style.layers.length).toBeGreaterThan(5);
    const tileJson = await (await fetch(style.sources.openmaptiles.url)).json();
    expect(tileJson).toMatchObject({
      tiles: [`${t.server.url}/_api/map/tiles/{z}/{x}/{y}.pbf`],
      minzoom: 0,
      maxzoom: 8,
      attribution: '© Test contributors',
      vector_layers: LAYERS,
    });
  });

  it("answers each tile with the archive's bytes, read by range requests", async () => {
    archiveHost.ranges.length = 0;
    for (const tile of tiles) {
      const answer = await get(`/_api/map/tiles/${tile.z}/${tile.x}/${tile.y}.pbf`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/x-protobuf');
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(tile.bytes);
    }
    // Every read was a range, and together they read the archive about once, not once a tile.
    expect(archiveHost.ranges.every((range) => /^bytes=\d+-\d+$/.test(range))).toBe(true);
    const read = archiveHost.ranges.reduce((sum, range) => {
      const [, start, end] = /^bytes=(\d+)-(\d+)$/.exec(range)!.map(Number);
      return sum + Math.min(end, archiveSize - 1) - start + 1;
    }, 0);
    expect(read).toBeLessThan(archiveSize * 1.5);
  });

  it('answers an empty 204 for a tile the archive lacks and 404 for an address that names no tile', async () => {
    const missing = await get(`/_api/map/tiles/8/0/0.pbf`);
    expect(missing.status).toBe(204);
    for (const path of ['/_api/map/tiles/8/256/0.pbf', '/_api/map/tiles/99/0/0.pbf', '/_api/map/tiles/3/1/x.pbf', '/_api/map/tiles/3/1/2.png']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('draws with a plain style and asks nothing public with PROVIDERS=offline and no style of its own', async () => {
    const style = await pmtilesStyle({ mapStyleUrl: undefined, providers: 'offline' }, 'test')('https://trips.example.org');
    expect(style.sources).toEqual({ openmaptiles: { type: 'vector', url: 'https://trips.example.org/_api/map/tiles.json' } });
    expect(style.glyphs).toBeUndefined();
  });
});
