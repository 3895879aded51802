/**
 * A small PMTiles (v3) archive writer for tests: header, one root directory (uncompressed), JSON metadata and the
 * tiles gzipped, laid out as the specification says (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md),
 * with tile ids from the pmtiles library's own Hilbert numbering. And a local server that serves it honouring
 * Range requests (206 with Content-Range), recording each range asked, as a static host or object store does.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';
import { closeServer, listenLocally } from '@caravan/engine/test';

const HEADER_BYTES = 127;

function varint(value: number, out: number[]): void {
  while (value > 127) {
    out.push((value & 127) | 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  bytes: Uint8Array;
}

export function pmtilesArchive(tiles: readonly ArchiveTile[], metadata: object): Buffer {
  const entries = tiles.map((tile) => ({ id: zxyToTileId(tile.z, tile.x, tile.y), data: gzipSync(tile.bytes) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((entry) => {
    const at = offset;
    offset += entry.data.length;
    return { ...entry, offset: at };
  });
  const directory: number[] = [];
  varint(placed.length, directory);
  let lastId = 0;
  for (const entry of placed) {
    varint(entry.id - lastId, directory);
    lastId = entry.id;
  }
  for (let i = 0; i < placed.length; i += 1) varint(1, directory);
  for (const entry of placed) varint(entry.data.length, directory);
  placed.forEach((entry, i) => varint(i > 0 && entry.offset === placed[i - 1].offset + placed[i - 1].data.length ? 0 : entry.offset + 1, directory));
  const root = Buffer.from(directory);
  const meta = Buffer.from(JSON.stringify(metadata));
  const data = Buffer.concat(placed.map((entry) => entry.data));

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const sections = [
    [HEADER_BYTES, root.length],
    [HEADER_BYTES + root.length, meta.length],
    [HEADER_BYTES + root.length + meta.length, 0],
    [HEADER_BYTES + root.length + meta.length, data.length],
  ];
  sections.forEach(([at, length], i) => {
    header.writeBigUInt64LE(BigInt(at), 8 + i * 16);
    header.writeBigUInt64LE(BigInt(length), 16 + i * 16);
  });
  for (const [i, count] of [placed.length, placed.length, placed.length].entries()) header.writeBigUInt64LE(BigInt(count), 72 + i * 8);
  const zooms = tiles.map((tile) => tile.z);
  header.set([1, 1, 2, 1, Math.min(...zooms), Math.max(...zooms)], 96); // clustered, no internal compression, gzipped tiles, MVT
  [-180, -85, 180, 85].forEach((degrees, i) => header.writeInt32LE(Math.round(degrees * 1e7), 102 + i * 4));
  header.writeUInt8(Math.min(...zooms), 118);
  return Buffer.concat([header, root, meta, data]);
}

export interface RangeServer {
  url: string;
  /** Every request: its Range header ('' when it had none). */
  ranges: string[];
  close(): Promise<void>;
}

/** Serves `bytes` at /base.pmtiles, answering a Range request with 206 and only that range. */
export async function serveWithRanges(bytes: Buffer): Promise<RangeServer> {
  const ranges: string[] = [];
  const server = http.createServer((request, response) => {
    const range = String(request.headers.range ?? '');
    ranges.push(range);
    const asked = /^bytes=(\d+)-(\d+)$/.exec(range);
    if (!asked) return response.writeHead(200, { 'content-length': String(bytes.length) }).end(bytes);
    const [start, end] = [Number(asked[1]), Math.min(Number(asked[2]), bytes.length - 1)];
    response
      .writeHead(206, { 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': String(end - start + 1), etag: '"test-archive"' })
      .end(bytes.subarray(start, end + 1));
  });
  const origin = await listenLocally(server);
  return { url: `${origin}/base.pmtiles`, ranges, close: () => closeServer(server) };
}
