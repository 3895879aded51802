/**
 * A version's chunk: the log rows since the version before it, merged into one Yjs update per editor (Yjs updates
 * commute, so merging within an editor loses nothing a reader or `attributionOf` needs), packed and compressed.
 * Layout before compression: count, then per editor its user id (-1 for none) and its update's length and bytes.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import * as Y from 'yjs';

export interface EditorUpdate {
  userId: number | null;
  update: Uint8Array;
}

/** Quality 5: within a few ms for a busy ten minutes, and most of what higher qualities save. */
const BROTLI_QUALITY = 5;

/** The rows grouped by editor, each editor's updates merged. */
export function mergeByEditor(rows: Iterable<EditorUpdate>): EditorUpdate[] {
  const byEditor = new Map<number | null, Uint8Array[]>();
  for (const row of rows) {
    const list = byEditor.get(row.userId);
    if (list) list.push(row.update);
    else byEditor.set(row.userId, [row.update]);
  }
  return [...byEditor].map(([userId, updates]) => ({ userId, update: updates.length === 1 ? updates[0] : Y.mergeUpdates(updates) }));
}

export function encodeChunk(parts: readonly EditorUpdate[]): Buffer {
  const size = 4 + parts.reduce((sum, part) => sum + 8 + part.update.byteLength, 0);
  const raw = Buffer.alloc(size);
  let at = raw.writeUInt32LE(parts.length, 0);
  for (const part of parts) {
    at = raw.writeInt32LE(part.userId ?? -1, at);
    at = raw.writeUInt32LE(part.update.byteLength, at);
    raw.set(part.update, at);
    at += part.update.byteLength;
  }
  return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

export function decodeChunk(stored: Uint8Array): EditorUpdate[] {
  const raw = brotliDecompressSync(stored);
  const count = raw.readUInt32LE(0);
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
  return brotliCompressSync(state, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: state.byteLength } });
}

export function decompressState(stored: Uint8Array): Uint8Array {
  return brotliDecompressSync(stored);
}
