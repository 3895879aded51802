/**
 * A version's chunk: the log rows since the version before it, merged into one Yjs update, with who wrote and
 * deleted which item ids (shared `EditorRanges`, one entry per editor) beside it, packed and compressed. A reader
 * applies one update per version: per-editor updates of one client (every REST write is the server's client)
 * interleave their clocks, so applying them one by one left most of them pending in Yjs, merged again at every
 * update after. Attribution reads the ranges, never the updates.
 *
 * Layout before compression: a zero (the former layout's editor count, never zero) as a uint32, the layout number 2
 * as a byte, then var uints (7 bits a byte, lowest first): the update's length and bytes, the editor count, and per
 * editor its user id + 1 (0 for none) and its written then its deleted ranges. Ranges are stored as Yjs stores a
 * delete set: per client, sorted and joined, each as its gap from the one before and its length, so a restore's
 * hundreds of scattered deletes take a few bytes each. Chunks stored before this layout (per editor its user id and
 * its merged update) are read too, and made into the same shape.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import * as Y from 'yjs';
import { editorRangesOf, type EditorRanges } from '@caravan/shared';

export interface EditorUpdate {
  userId: number | null;
  update: Uint8Array;
}

export interface VersionChunk {
  /** Every row's update, merged. */
  update: Uint8Array;
  /** Who wrote and deleted what, per editor in the order they first came. */
  editors: EditorRanges[];
}

/** Quality 5: within a few ms for a busy ten minutes, and most of what higher qualities save. */
const BROTLI_QUALITY = 5;
const LAYOUT = 2;

/** The chunk of log rows (each with its editor), in log order. */
export function chunkOf(rows: readonly EditorUpdate[]): VersionChunk {
  const updates = rows.map((row) => row.update);
  return { update: updates.length === 1 ? updates[0] : Y.mergeUpdates(updates), editors: editorRangesOf(rows) };
}

const compress = (raw: Uint8Array) =>
  brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } });

class Writer {
  private readonly chunks: Uint8Array[] = [];
  private bytes: number[] = [];

  uint(value: number): void {
    while (value >= 0x80) {
      this.bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    this.bytes.push(value);
  }

  raw(bytes: Uint8Array): void {
    this.chunks.push(Uint8Array.from(this.bytes), bytes);
    this.bytes = [];
  }

  /** Flat (client, start, end) triples, per client sorted and joined. */
  ranges(flat: readonly number[]): void {
    const byClient = new Map<number, Array<[number, number]>>();
    for (let index = 0; index < flat.length; index += 3) {
      const list = byClient.get(flat[index]);
      if (list) list.push([flat[index + 1], flat[index + 2]]);
      else byClient.set(flat[index], [[flat[index + 1], flat[index + 2]]]);
    }
    this.uint(byClient.size);
    for (const [client, list] of byClient) {
      list.sort((a, b) => a[0] - b[0]);
      const joined: Array<[number, number]> = [];
      for (const [start, end] of list) {
        const last = joined.at(-1);
        if (last && start <= last[1]) last[1] = Math.max(last[1], end);
        else joined.push([start, end]);
      }
      this.uint(client);
      this.uint(joined.length);
      let previous = 0;
      for (const [start, end] of joined) {
        this.uint(start - previous);
        this.uint(end - start);
        previous = end;
      }
    }
  }

  done(): Buffer {
    return Buffer.concat([...this.chunks, Uint8Array.from(this.bytes)]);
  }
}

class Reader {
  at: number;
  constructor(
    private readonly bytes: Buffer,
    start: number,
  ) {
    this.at = start;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new RangeError('chunk ends early');
      const byte = this.bytes[this.at++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  raw(length: number): Buffer {
    if (this.at + length > this.bytes.length) throw new RangeError('chunk ends early');
    this.at += length;
    return this.bytes.subarray(this.at - length, this.at);
  }

  ranges(): number[] {
    const flat: number[] = [];
    for (let clients = this.uint(); clients > 0; clients--) {
      const client = this.uint();
      let previous = 0;
      for (let count = this.uint(); count > 0; count--) {
        const start = previous + this.uint();
        previous = start + this.uint();
        flat.push(client, start, previous);
      }
    }
    return flat;
  }
}

export function encodeChunk({ update, editors }: VersionChunk): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32LE(0, 0);
  head.writeUInt8(LAYOUT, 4);
  const writer = new Writer();
  writer.raw(head);
  writer.uint(update.byteLength);
  writer.raw(update);
  writer.uint(editors.length);
  for (const editor of editors) {
    writer.uint(editor.userId === null ? 0 : editor.userId + 1);
    writer.ranges(editor.written);
    writer.ranges(editor.deleted);
  }
  return compress(writer.done());
}

export function decodeChunk(stored: Uint8Array): VersionChunk {
  const raw = brotliDecompressSync(stored);
  const count = raw.readUInt32LE(0);
  if (count !== 0) return chunkOf(decodePerEditor(raw, count));
  if (raw.readUInt8(4) !== LAYOUT) throw new RangeError(`unknown chunk layout ${raw.readUInt8(4)}`);
  const reader = new Reader(raw, 5);
  const update = reader.raw(reader.uint());
  const editors: EditorRanges[] = [];
  for (let count = reader.uint(); count > 0; count--) {
    const id = reader.uint();
    editors.push({ userId: id === 0 ? null : id - 1, written: reader.ranges(), deleted: reader.ranges() });
  }
  return { update, editors };
}

/** The former layout: per editor its user id and its merged update. */
function decodePerEditor(raw: Buffer, count: number): EditorUpdate[] {
  const parts: EditorUpdate[] = [];
  let at = 4;
  for (let i = 0; i < count; i++) {
    const userId = raw.readInt32LE(at);
    const length = raw.readUInt32LE(at + 4);
    at += 8;
    parts.push({ userId: userId === -1 ? null : userId, update: raw.subarray(at, at + length) });
    at += length;
  }
  return parts;
}

/** A whole state (the history's base), compressed the same way. */
export function compressState(state: Uint8Array): Buffer {
  return compress(state);
}

export function decompressState(stored: Uint8Array): Uint8Array {
  return brotliDecompressSync(stored);
}
