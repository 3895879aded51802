import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { attributionOf, attributionOfRanges, stopsMap } from '@caravan/shared';
import { addStop, deleteStop, updateStop } from '@caravan/shared/tripDoc/stops';
import { TripLog } from '@caravan/shared/history/testing/tripLog';
import { chunkOf, decodeChunk, encodeChunk, type EditorUpdate } from './versionChunk.ts';
import { docOfUpdates } from './versionDocs.ts';

const [ANA, BEN] = [11, 12];

/** One client writing for two members in turns, as the server writes every REST call: their clocks interleave. */
function interleavedRows(): { log: TripLog; rows: EditorUpdate[] } {
  const log = new TripLog();
  log.as(null, (doc) => addStop(doc, 'a', { name: 'Astoria' }));
  const server = new Y.Doc();
  Y.applyUpdate(server, Y.encodeStateAsUpdate(log.doc));
  const rows: EditorUpdate[] = [];
  const write = (userId: number, edit: (doc: Y.Doc) => void) => {
    const sent: Uint8Array[] = [];
    const send = (update: Uint8Array) => sent.push(update);
    server.on('update', send);
    edit(server);
    server.off('update', send);
    for (const update of sent) rows.push({ userId, update });
  };
  write(ANA, (doc) => addStop(doc, 'b', { name: 'Bandon' }));
  write(BEN, (doc) => updateStop(doc, 'b', { notes: 'Ferry at 9' }));
  write(ANA, (doc) => addStop(doc, 'c', { name: 'Coos Bay' }));
  write(BEN, (doc) => deleteStop(doc, 'a'));
  write(ANA, (doc) => updateStop(doc, 'c', { notes: 'Dunes' }));
  return { log, rows };
}

/** The layout stored before the merged update: per editor its user id and its own merged update. */
function formerLayout(rows: readonly EditorUpdate[]): Buffer {
  const byEditor = new Map<number | null, Uint8Array[]>();
  for (const row of rows) byEditor.set(row.userId, [...(byEditor.get(row.userId) ?? []), row.update]);
  const parts = [...byEditor].map(([userId, updates]) => ({ userId, update: Y.mergeUpdates(updates) }));
  const raw = Buffer.alloc(4 + parts.reduce((sum, part) => sum + 8 + part.update.byteLength, 0));
  let at = raw.writeUInt32LE(parts.length, 0);
  for (const part of parts) {
    at = raw.writeInt32LE(part.userId ?? -1, at);
    at = raw.writeUInt32LE(part.update.byteLength, at);
    raw.set(part.update, at);
    at += part.update.byteLength;
  }
  return brotliCompressSync(raw);
}

describe("a version's chunk", () => {
  it('holds one merged update and who wrote and deleted what, read back as stored', () => {
    const { log, rows } = interleavedRows();
    const base = Y.encodeStateAsUpdate(log.doc);
    const chunk = decodeChunk(encodeChunk(chunkOf(rows)));
    const doc = docOfUpdates([base, chunk.update]);
    expect(doc.store.pendingStructs).toBeNull();
    expect([...stopsMap(doc).keys()].sort()).toEqual(['b', 'c']);
    expect(chunk.editors.map((editor) => editor.userId)).toEqual([ANA, BEN]);

    // The ranges name the same members the updates do, item by item.
    const [fromRanges, fromUpdates] = [attributionOfRanges(chunk.editors), attributionOf(rows)];
    const items = [...stopsMap(doc).values()].flatMap((stop) => [...stop._map.values()]);
    const deleted = stopsMap(docOfUpdates([base])).get('a')!;
    for (const item of [...items, ...deleted._map.values()]) {
      expect(fromRanges.writerOf(item.id)).toBe(fromUpdates.writerOf(item.id));
      expect(fromRanges.deleterOf(item.id)).toBe(fromUpdates.deleterOf(item.id));
    }
    expect(fromRanges.writerOf(stopsMap(doc).get('c')!._map.get('notes')!.id)).toBe(ANA);
    expect(fromRanges.writerOf(stopsMap(doc).get('b')!._map.get('notes')!.id)).toBe(BEN);
    expect(fromRanges.deleterOf(stopsMap(log.doc)._map.get('a')!.id)).toBe(BEN);
  });

  it('reads a chunk stored in the former layout (per editor) into the same shape', () => {
    const { log, rows } = interleavedRows();
    const chunk = decodeChunk(formerLayout(rows));
    const doc = docOfUpdates([Y.encodeStateAsUpdate(log.doc), chunk.update]);
    expect([...stopsMap(doc).keys()].sort()).toEqual(['b', 'c']);
    const attribution = attributionOfRanges(chunk.editors);
    expect(attribution.writerOf(stopsMap(doc).get('b')!._map.get('notes')!.id)).toBe(BEN);
    expect(attribution.writerOf(stopsMap(doc).get('b')!._map.get('name')!.id)).toBe(ANA);
  });

  it('refuses a layout it does not know', () => {
    const raw = Buffer.alloc(9);
    raw.writeUInt8(7, 4);
    expect(() => decodeChunk(brotliCompressSync(raw))).toThrow(/layout 7/);
  });
});
