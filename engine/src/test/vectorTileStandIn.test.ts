/**
 * The vector tile stand-in answers what a MapLibre page loads from OpenFreeMap: the style with its vector source,
 * glyphs and sprite; the TileJSON with its tile template; Mapbox Vector Tiles with the OpenMapTiles layers, denser
 * near a town; glyph ranges and the sprite sheet. It counts what it sent, and its throttle holds the rate.
 */
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVectorTileStandIn, type VectorTileStandIn } from './vectorTileStandIn.ts';

/** A protocol-buffer message's fields as [number, value]: varints as numbers, length-delimited as bytes. */
function fields(bytes: Uint8Array): Array<[number, number | Uint8Array]> {
  const out: Array<[number, number | Uint8Array]> = [];
  let at = 0;
  const varint = () => {
    let [value, shift] = [0, 1];
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 127) * shift;
      shift *= 128;
      if (byte < 128) return value;
    }
  };
  while (at < bytes.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) out.push([key >> 3, varint()]);
    else if (wire === 2) {
      const length = varint();
      out.push([key >> 3, bytes.subarray(at, at + length)]);
      at += length;
    } else throw new Error(`wire type ${wire}`);
  }
  return out;
}

/** A vector tile's layers by name, with their feature count (the MVT spec: layers are field 3, a layer's name 1, its features 2). */
function layers(tile: Uint8Array): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const [number, layer] of fields(tile)) {
    if (number !== 3) continue;
    const parts = fields(layer as Uint8Array);
    const name = Buffer.from(parts.find(([n]) => n === 1)![1] as Uint8Array).toString();
    byName[name] = parts.filter(([n]) => n === 2).length;
  }
  return byName;
}

const EUREKA = { name: 'Eureka', latitude: 40.8, longitude: -124.16, radiusKm: 3 };
const tileAt = (z: number, latitude: number, longitude: number) => {
  const n = 2 ** z;
  const y = Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / Math.PI) / 2) * n);
  return `${z}/${Math.floor(((longitude + 180) / 360) * n)}/${y}`;
};

let standIn: VectorTileStandIn;
beforeAll(async () => {
  standIn = await startVectorTileStandIn({ towns: [EUREKA] });
});
afterAll(() => standIn?.close());

describe('the vector tile stand-in', () => {
  it('serves a style whose vector source, glyphs and sprite lead to tiles, glyph ranges and a sprite sheet', async () => {
    const style = await (await fetch(standIn.styleUrl)).json();
    expect(style.version).toBe(8);
    const tileJson = await (await fetch(style.sources.openmaptiles.url)).json();
    expect(tileJson.maxzoom).toBe(14);
    const template: string = tileJson.tiles[0];
    expect(template).toMatch(/\{z\}\/\{x\}\/\{y\}\.pbf$/);

    const town = await fetch(template.replace('{z}/{x}/{y}', tileAt(14, EUREKA.latitude, EUREKA.longitude)));
    expect(town.headers.get('content-type')).toBe('application/x-protobuf');
    const townTile = new Uint8Array(await town.arrayBuffer());
    const countryside = new Uint8Array(await (await fetch(template.replace('{z}/{x}/{y}', tileAt(14, 41.3, -123.9)))).arrayBuffer());
    expect(Object.keys(layers(townTile))).toEqual(expect.arrayContaining(['transportation', 'building', 'landcover', 'place', 'housenumber']));
    expect(layers(countryside).building).toBeUndefined();
    expect(layers(countryside).transportation).toBeGreaterThan(3);
    // Real tiles' sizes: a town's z14 tens of KB and more, open country's a few to twenty.
    expect(townTile.byteLength).toBeGreaterThan(60_000);
    expect(countryside.byteLength).toBeGreaterThan(5_000);
    expect(countryside.byteLength).toBeLessThan(60_000);
    expect((await fetch(template.replace('{z}/{x}/{y}', tileAt(15, EUREKA.latitude, EUREKA.longitude)))).status).toBe(404);

    const glyphs = new Uint8Array(await (await fetch(style.glyphs.replace('{fontstack}', encodeURIComponent('Noto Sans Regular')).replace('{range}', '0-255'))).arrayBuffer());
    const [stack] = fields(glyphs);
    expect(fields(stack[1] as Uint8Array).filter(([n]) => n === 3)).toHaveLength(256);
    const index = await (await fetch(`${style.sprite}.json`)).json();
    expect(index.shop).toMatchObject({ width: 24, height: 24, pixelRatio: 1 });
    const sheet = Buffer.from(await (await fetch(`${style.sprite}@2x.png`)).arrayBuffer());
    expect(sheet.subarray(1, 4).toString()).toBe('PNG');
    expect(standIn.requests).toMatchObject({ style: 1, tilejson: 1, tile: 3, glyphs: 1, sprite: 2 });
  });

  it('sends a tile gzipped to a client that asks so, and holds a throttled rate', async () => {
    const path = `/planet/stand-in/${tileAt(14, EUREKA.latitude, EUREKA.longitude)}.pbf`;
    const gzipped = await new Promise<Buffer>((resolve) => {
      get(`${standIn.url}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
    const [z, x, y] = tileAt(14, EUREKA.latitude, EUREKA.longitude).split('/').map(Number);
    expect(gunzipSync(gzipped)).toEqual(Buffer.from(standIn.tile(z, x, y).raw));

    standIn.throttle(200_000);
    standIn.resetCounts();
    const started = performance.now();
    await Promise.all([0, 1, 2].map(async (dx) => (await fetch(`${standIn.url}/planet/stand-in/12/${650 + dx}/1540.pbf`)).arrayBuffer()));
    const seconds = (performance.now() - started) / 1000;
    standIn.throttle(undefined);
    // Three tiles at 200 KB/s together: never faster than the rate allows.
    expect(seconds).toBeGreaterThanOrEqual((standIn.bytesSent.tile / 200_000) * 0.9);
    expect(standIn.requests.tile).toBe(3);
  });
});
