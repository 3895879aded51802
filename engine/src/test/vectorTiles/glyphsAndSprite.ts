/**
 * The rest of what a base-map style loads besides its tiles, built in memory: glyph ranges (the protocol-buffer
 * format MapLibre reads: a font stack's 256 glyphs, each a signed-distance bitmap with its metrics) and a sprite
 * (its index JSON and a PNG sheet). The glyphs are boxes and the icons plain squares; their sizes are those of real
 * ones (a glyph range some 50–80 KB, a sprite sheet tens of KB).
 */
import { deflateSync, crc32 } from 'node:zlib';

/** Glyph bitmaps carry a 3-pixel border for the distance field. */
const GLYPH_BORDER = 3;
const [GLYPH_WIDTH, GLYPH_HEIGHT] = [14, 18];

function varint(value: number, out: number[]): void {
  while (value > 127) {
    out.push((value & 127) | 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

const zigzag = (value: number) => (value << 1) ^ (value >> 31);

function field(number: number, wire: 0 | 2, out: number[]): void {
  varint((number << 3) | wire, out);
}

function bytesField(number: number, bytes: ArrayLike<number>, out: number[]): void {
  field(number, 2, out);
  varint(bytes.length, out);
  for (let i = 0; i < bytes.length; i += 1) out.push(bytes[i]);
}

function glyph(id: number): number[] {
  const [w, h] = [GLYPH_WIDTH + 2 * GLYPH_BORDER, GLYPH_HEIGHT + 2 * GLYPH_BORDER];
  const bitmap = new Uint8Array(w * h);
  // A box's signed distance: 192 on its edge, rising inside and falling outside, as MapLibre's SDF cut-off expects.
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const inside = Math.min(x - GLYPH_BORDER, w - GLYPH_BORDER - 1 - x, y - GLYPH_BORDER, h - GLYPH_BORDER - 1 - y);
      bitmap[y * w + x] = Math.max(0, Math.min(255, 192 + inside * 8 + ((id + x * y) % 5)));
    }
  }
  const out: number[] = [];
  field(1, 0, out); varint(id, out);
  bytesField(2, bitmap, out);
  field(3, 0, out); varint(GLYPH_WIDTH, out);
  field(4, 0, out); varint(GLYPH_HEIGHT, out);
  field(5, 0, out); varint(zigzag(1), out);
  field(6, 0, out); varint(zigzag(-GLYPH_HEIGHT + 4), out);
  field(7, 0, out); varint(GLYPH_WIDTH + 2, out);
  return out;
}

/** The glyph range `start`–`start + 255` of a font stack, as /fonts/{fontstack}/{start}-{end}.pbf answers it. */
export function glyphRange(fontstack: string, start: number): Uint8Array {
  const stack: number[] = [];
  bytesField(1, Buffer.from(fontstack), stack);
  bytesField(2, Buffer.from(`${start}-${start + 255}`), stack);
  for (let id = start; id <= start + 255; id += 1) bytesField(3, glyph(id), stack);
  const out: number[] = [];
  bytesField(1, stack, out);
  return Uint8Array.from(out);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG of `width` × `height` whose pixel colours come from `colour(x, y)`. */
function png(width: number, height: number, colour: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x += 1) raw.set(colour(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Icon names of the sprite, as a style's POI and shield layers name them. */
const ICONS = ['shop', 'fuel', 'lodging', 'restaurant', 'campsite', 'toilets', 'town', 'road_1', 'road_2', 'road_3'];
const ICON_SIZE = 24;

/** The sprite's index and sheet at a pixel ratio (1 or 2), as {sprite}.json / {sprite}.png and @2x answer them. */
export function sprite(ratio: number): { index: Record<string, object>; png: Buffer } {
  const size = ICON_SIZE * ratio;
  const index = Object.fromEntries(ICONS.map((name, i) => [name, { x: i * size, y: 0, width: size, height: size, pixelRatio: ratio }]));
  const sheet = png(size * ICONS.length, size, (x, y) => {
    const i = Math.floor(x / size);
    const edge = x % size < ratio || y < ratio || x % size >= size - ratio || y >= size - ratio;
    return edge ? [60, 60, 60, 255] : [(i * 53) % 256, (i * 97 + x) % 256, (y * 7) % 256, 255];
  });
  return { index, png: sheet };
}
