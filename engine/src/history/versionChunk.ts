/**
 * A version's chunk: the log rows since the version before it, merged into one Yjs update, with who wrote and
 * deleted which item ids (shared `EditorRanges`, one entry per editor) beside it, packed and compressed. A reader
 * applies one update per version: per-editor updates of one client (every REST write is the server's client)
 * interleave their clocks, so applying them one by one left most of them pending in Yjs, merged again at every
 * update after. Attribution reads the ranges, never the updates.
 *
 * Layout before compression: a zero (the former layout's editor count, never zero), the layout number 2, the
 * update's length and bytes, the editor count, then per editor its user id (-1 for none), its written and deleted
 * range counts and the ranges as (client, start, end) uint32s. Chunks stored before this layout (per editor its user
 * id, its merged update's length and bytes) are read too, and made into the same shape.
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

export function encodeChunk({ update, editors }: VersionChunk): Buffer {
  const rangeBytes = editors.reduce((sum, editor) => sum + 12 + 4 * (editor.written.length + editor.deleted.length), 0);
  const raw = Buffer.alloc(13 + update.byteLength + rangeBytes);
  let at = raw.writeUInt32LE(0, 0);
  at = raw.writeUInt8(LAYOUT, at);
  at = raw.writeUInt32LE(update.byteLength, at);
  raw.set(update, at);
  at = raw.writeUInt32LE(editors.length, at + update.byteLength);
  for (const editor of editors) {
    at = raw.writeInt32LE(editor.userId ?? -1, at);
    at = raw.writeUInt32LE(editor.written.length / 3, at);
    at = raw.writeUInt32LE(editor.deleted.length / 3, at);
    for (const value of editor.written) at = raw.writeUInt32LE(value, at);
    for (const value of editor.deleted) at = raw.writeUInt32LE(value, at);
  }
  return compress(raw);
}

export function decodeChunk(stored: Uint8Array): VersionChunk {
  const raw = brotliDecompressSync(stored);
  const count = raw.readUInt32LE(0);
  if (count !== 0) return chunkOf(decodePerEditor(raw, count));
  if (raw.readUInt8(4) !== LAYOUT) throw new RangeError(`unknown chunk layout ${raw.readUInt8(4)}`);
  const length = raw.readUInt32LE(5);
  const update = raw.subarray(9, 9 + length);
  let at = 9 + length;
  const editors: EditorRanges[] = [];
  const read = (values: number) => {
    const out = new Array<number>(values);
    for (let index = 0; index < values; index++, at += 4) out[index] = raw.readUInt32LE(at);
    return out;
  };
  const editorCount = raw.readUInt32LE(at);
  at += 4;
  for (let index = 0; index < editorCount; index++) {
    const userId = raw.readInt32LE(at);
    const [written, deleted] = [raw.readUInt32LE(at + 4), raw.readUInt32LE(at + 8)];
    at += 12;
    editors.push({ userId: userId === -1 ? null : userId, written: read(written * 3), deleted: read(deleted * 3) });
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
