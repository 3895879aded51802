import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { activityArray, addStop, deleteStop, orderedStops, recordMap, tripDocToJson, updateStop } from '@caravan/shared';
import { covers, WriteLedger } from './writeLedger.ts';

const ids = ['00000000-0000-4000-8000-000000000061', '00000000-0000-4000-8000-000000000062', '00000000-0000-4000-8000-000000000063'];

/** The room's document, and a member's writes applied to it as a connection applies them (origin: the connection), in its ledger unless `track` is false. */
function room(track = true) {
  const doc = new Y.Doc();
  addStop(doc, ids[0], { name: 'Lyon', notes: 'Bouchon' });
  addStop(doc, ids[1], { name: 'Arles' });
  addStop(doc, ids[2], { name: 'Nîmes', notes: 'Arènes' });
  const connection = {};
  const ledger = new WriteLedger(doc, connection);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
  /** One write from the member's device, checked as `role`. */
  const write = (change: (doc: Y.Doc) => void, role: 'editor' | 'viewer' = 'editor') => {
    const before = Y.encodeStateVector(doc);
    change(client);
    if (track) ledger.record(role);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(client, before), connection);
    if (track) ledger.recorded();
  };
  return { doc, ledger, write, connection };
}

const revert = (doc: Y.Doc, ledger: WriteLedger) => ledger.revert((change) => doc.transact(change, 'derived'));

describe("a connection's ledger of writes awaiting their commit", () => {
  it('undoes renames, new stops and deletions, the activity derived from them included, and nothing of anyone else', () => {
    const { doc, ledger, write } = room();
    const before = tripDocToJson(doc);
    write((client) => updateStop(client, ids[0], { name: 'Lyon 2e' }));
    write((client) => updateStop(client, ids[0], { name: 'Lyon 3e', notes: 'Changed' }));
    write((client) => addStop(client, '00000000-0000-4000-8000-000000000064', { name: 'Orange' }));
    write((client) => deleteStop(client, ids[2]));
    // What the server derived from them, as the room applies it.
    doc.transact(() => activityArray(doc).push([recordMap({ id: 'entry', activityType: 'stop_updated' })]), ledger.derivedOrigin);
    // Someone else's write meanwhile stays.
    doc.transact(() => updateStop(doc, ids[1], { notes: 'Owner' }), 'owner');
    expect(orderedStops(doc).map((stop) => stop.name)).toEqual(['Lyon 3e', 'Arles', 'Orange']);

    revert(doc, ledger);
    expect(ledger.pending).toBe(false);
    expect(tripDocToJson(doc)).toEqual({ ...before, stops: before.stops.map((stop) => (stop.id === ids[1] ? { ...stop, notes: 'Owner' } : stop)) });
    expect(activityArray(doc).length).toBe(0);
  });

  it('marks what a batch covers, with the highest role it was checked as, and keeps later writes for the next', () => {
    const { ledger, write } = room();
    expect(ledger.mark()).toBeNull();
    write((client) => updateStop(client, ids[0], { name: 'A' }), 'viewer');
    write((client) => updateStop(client, ids[0], { name: 'B' }), 'editor');
    const first = ledger.mark()!;
    expect(first.role).toBe('editor');
    write((client) => updateStop(client, ids[0], { name: 'C' }), 'viewer');
    ledger.confirm(first);
    expect(ledger.pending).toBe(true);
    expect(ledger.mark()).toMatchObject({ items: 1, role: 'viewer' });
  });

  it('carries a batch that did not commit over to the next, its role included', () => {
    const { ledger, write } = room();
    write((client) => updateStop(client, ids[0], { name: 'A' }), 'editor');
    const failed = ledger.mark()!;
    write((client) => updateStop(client, ids[0], { name: 'B' }), 'viewer');
    ledger.unmark(failed);
    expect(ledger.mark()).toMatchObject({ items: 2, role: 'editor' });
  });

  it('keeps nothing once a commit confirmed the writes: what they deleted is collected as it would have been', () => {
    const { doc, ledger, write } = room();
    const untracked = room(false);
    for (const apply of [write, untracked.write]) {
      apply((client) => updateStop(client, ids[0], { notes: 'x'.repeat(10_000) }));
      apply((client) => updateStop(client, ids[0], { notes: 'Short' }));
      apply((client) => deleteStop(client, ids[2]));
    }
    // Kept while they await the commit's verdict: an undo needs them.
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBeGreaterThan(10_000);
    ledger.confirm(ledger.mark()!);
    expect(ledger.pending).toBe(false);
    expect(orderedStops(doc)[0].notes).toBe('Short');
    // The overwritten 10 kB note is not in what the room would store.
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBeLessThan(2000);
    // Within a few bytes of the document that never kept them (Yjs also merges the collected items' records).
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBeLessThan(Y.encodeStateAsUpdate(untracked.doc).byteLength + 64);
  });

  it('keeps no record of a write that changed nothing', () => {
    const { doc, ledger, connection } = room();
    ledger.record('editor');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(doc), connection);
    ledger.recorded();
    expect(ledger.pending).toBe(false);
    expect(ledger.mark()).toBeNull();
  });

  it('ranks roles: an owner covers an editor, an editor a viewer, no role nothing', () => {
    expect(covers('owner', 'editor')).toBe(true);
    expect(covers('editor', 'editor')).toBe(true);
    expect(covers('viewer', 'editor')).toBe(false);
    expect(covers(null, 'viewer')).toBe(false);
  });
});
