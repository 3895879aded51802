import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_MAP_STYLE } from '@caravan/shared';
import { estimatedDownload, offlineStyleUrls, preparePack, type PackPlan } from './packMaker.ts';

let origin = '';
const documents: Record<string, () => unknown> = {
  '/styles/liberty': () => ({
    version: 8,
    sprite: `${origin}/sprites/ofm`,
    glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
    sources: { openmaptiles: { type: 'vector', url: `${origin}/planet` } },
    layers: [{ id: 'road_label', type: 'symbol', source: 'openmaptiles', layout: { 'text-field': '{name}', 'text-font': ['Noto Sans Regular'] } }],
  }),
  '/styles/dark': () => ({
    version: 8,
    sprite: `${origin}/sprites/ofm-dark`,
    glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
    sources: { openmaptiles: { type: 'vector', url: `${origin}/planet` } },
    layers: [{ id: 'road_label', type: 'symbol', source: 'openmaptiles', layout: { 'text-field': '{name}', 'text-font': ['Noto Sans Regular'] } }],
  }),
  '/planet': () => ({ tiles: [`${origin}/planet/v7/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 }),
};
const asked: string[] = [];
const server = http.createServer((request, response) => {
  asked.push(request.url ?? '');
  const document = documents[request.url ?? ''];
  if (!document) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document()));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const plan: PackPlan = {
  packKey: 'k1',
  runs: [
    [0, 0, 0, 0],
    [14, 6331, 2620, 2621],
    [16, 25324, 10482, 10482],
  ],
  tileCount: 4,
  estimatedBytes: 40_000,
  maxZoom: 16,
};

describe('preparing a pack from the plan and the base map', () => {
  it("reads the light and dark styles and their one TileJSON: both styles' sprites, the glyphs once, each tile once, none past the source's maxzoom", async () => {
    const prepared = await preparePack(plan, [`${origin}/styles/liberty`, `${origin}/styles/dark`]);
    expect(prepared.documents.map((document) => new URL(document.url).pathname)).toEqual(['/styles/liberty', '/planet', '/styles/dark']);
    expect(asked.filter((path) => path === '/planet')).toHaveLength(1);
    expect(prepared.files.filter((url) => url.includes('/sprites/'))).toHaveLength(8);
    expect(prepared.files.filter((url) => url.includes('/fonts/'))).toHaveLength(3);
    expect(prepared.tileUrls).toEqual([`${origin}/planet/v7/0/0/0.pbf`, `${origin}/planet/v7/14/2620/6331.pbf`, `${origin}/planet/v7/14/2621/6331.pbf`]);
  });

  it('fails when the style cannot be read, before anything is stored', async () => {
    await expect(preparePack(plan, [`${origin}/styles/gone`])).rejects.toThrow('404');
  });

  it('estimates only the tiles the pack on the device lacks after the route changed', () => {
    expect(estimatedDownload(plan, null)).toEqual({ tiles: 4, bytes: 40_000 });
    expect(estimatedDownload(plan, { runs: plan.runs })).toEqual({ tiles: 0, bytes: 0 });
    expect(estimatedDownload(plan, { runs: [[14, 6331, 2620, 2621]] })).toEqual({ tiles: 2, bytes: 20_000 });
  });

  it('keeps the remote MapLibre styles only: not the embedded map, not Mapbox', () => {
    expect(offlineStyleUrls({ mapStyleUrl: 'https://tiles.example/s.json' } as never)).toEqual(['https://tiles.example/s.json']);
    expect(offlineStyleUrls({ mapStyleUrl: EMBEDDED_MAP_STYLE } as never)).toEqual([]);
    expect(offlineStyleUrls({ mapboxToken: 'pk.x' } as never)).toEqual([]);
  });
});
