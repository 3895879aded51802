/** checkClientUpdate by role: what editors and owners may change in stops, and that viewers change nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { activityArray, addStop, deleteStop, moveStop, recordMap, stopsMap, suggestionsMap, tripDocToJson, updateStop } from '@caravan/shared';
import { checkClientUpdate } from './permissions.ts';
import {
  capture,
  copyOf,
  editOnFreshClient,
  expectAccepted,
  expectRefused,
  hasParentlessItem,
  serverDoc,
  syncInto,
} from './test/tripDocUpdates.ts';

describe('editors and owners', () => {
  it('lets an editor add, move, rename and delete stops', () => {
    const server = serverDoc();
    const editor = copyOf(server);
    expectAccepted(server, editor, capture(editor, () => addStop(editor, '00000000-0000-4000-8000-000000000063', { name: 'Arles' }, 1)), 'editor');
    const move = capture(editor, () => moveStop(editor, '00000000-0000-4000-8000-000000000063', 2));
    expect(hasParentlessItem(move)).toBe(true);
    expectAccepted(server, editor, move, 'editor');
    expectAccepted(server, editor, capture(editor, () => updateStop(editor, '00000000-0000-4000-8000-000000000061', { name: 'Lyon 2e', notes: 'Bouchon' })), 'editor');
    expectAccepted(server, editor, capture(editor, () => deleteStop(editor, '00000000-0000-4000-8000-000000000062')), 'editor');
    expect(tripDocToJson(server).stops.map((stop) => stop.name)).toEqual(['Lyon 2e', 'Arles']);
  });

  it('refuses an editor marking a stop visited, and lets the owner do it', () => {
    const server = serverDoc();
    const editor = copyOf(server);
    const owner = copyOf(server);
    expectRefused(server, capture(editor, () => updateStop(editor, '00000000-0000-4000-8000-000000000061', { visited: true })), 'editor', 'owner-only stop key: visited');
    expectAccepted(server, owner, capture(owner, () => updateStop(owner, '00000000-0000-4000-8000-000000000061', { visited: true, visitedAt: '2025-06-01' })), 'owner');
    expect(tripDocToJson(server).stops[0].visited).toBe(true);
  });

  it('refuses an editor writing the stop\'s journal text or photos (the owner\'s, as through REST), and lets the owner', () => {
    const server = serverDoc();
    const owner = copyOf(server);
    const stopId = '00000000-0000-4000-8000-000000000061';
    const journal = editOnFreshClient(server, (doc) => updateStop(doc, stopId, { journalContent: 'Day one' }));
    expectRefused(server, journal, 'editor', 'owner-only stop key: journalContent');
    const photos = editOnFreshClient(server, (doc) => updateStop(doc, stopId, { photos: ['https://example.test/a.jpg'] }));
    expectRefused(server, photos, 'editor', 'owner-only stop key: photos');
    expectAccepted(server, owner, capture(owner, () => updateStop(owner, stopId, { journalContent: 'Day one', photos: [] })), 'owner');
    expect(tripDocToJson(server).stops[0]).toMatchObject({ journalContent: 'Day one', photos: [] });
    // An editor's new stop carries neither key, so adding stays the editor's to do.
    const later = copyOf(server);
    expectAccepted(server, later, capture(later, () => addStop(later, '00000000-0000-4000-8000-000000000064', { name: 'Nîmes' })), 'editor');
  });

  it('refuses an editor removing or overwriting the owner-only keys the owner set', () => {
    const server = serverDoc();
    const owner = copyOf(server);
    expectAccepted(server, owner, capture(owner, () => updateStop(owner, '00000000-0000-4000-8000-000000000061', { visited: true })), 'owner');
    const editor = copyOf(server);
    expectRefused(server, capture(editor, () => stopsMap(editor).get('00000000-0000-4000-8000-000000000061')!.delete('visited')), 'editor', 'owner-only stop key: visited');
    // Overwriting leaves the parent out: the key is only known through the owner's item it follows.
    const overwrite = capture(editor, () => stopsMap(editor).get('00000000-0000-4000-8000-000000000061')!.set('visited', false));
    expect(hasParentlessItem(overwrite)).toBe(true);
    expectRefused(server, overwrite, 'editor', 'owner-only stop key: visited');
  });

  it('lets an editor delete a stop the owner marked visited, and the owner clear visited', () => {
    const server = serverDoc();
    const owner = copyOf(server);
    expectAccepted(server, owner, capture(owner, () => updateStop(owner, '00000000-0000-4000-8000-000000000061', { visited: true })), 'owner');
    expectAccepted(server, owner, capture(owner, () => updateStop(owner, '00000000-0000-4000-8000-000000000062', { visited: true })), 'owner');
    const editor = copyOf(server);
    expectAccepted(server, editor, capture(editor, () => deleteStop(editor, '00000000-0000-4000-8000-000000000061')), 'editor');
    syncInto(server, owner);
    expectAccepted(server, owner, capture(owner, () => stopsMap(owner).get('00000000-0000-4000-8000-000000000062')!.delete('visited')), 'owner');
    expect(tripDocToJson(server).stops).toMatchObject([{ id: '00000000-0000-4000-8000-000000000062', visited: false }]);
  });

  it("refuses an editor re-creating a stop under its id, which would clear the owner's fields, and lets the owner", () => {
    const visited = '00000000-0000-4000-8000-000000000061';
    const server = serverDoc();
    const owner = copyOf(server);
    expectAccepted(server, owner, capture(owner, () => updateStop(owner, visited, { visited: true, visitedAt: '2025-06-01' })), 'owner');
    const recreate = (doc: Y.Doc) => () => stopsMap(doc).set(visited, recordMap({ name: 'Lyon', latitude: 45.76, longitude: 4.84, pos: 'a0' }));
    const editor = copyOf(server);
    const deleteAndReinsert = capture(editor, () => editor.transact(() => {
      deleteStop(editor, visited);
      recreate(editor)();
    }));
    expectRefused(server, deleteAndReinsert, 'editor', 'owner-only stop key: visited');
    // No deletion at all: a second map under the id takes the key all the same.
    expectRefused(server, editOnFreshClient(server, (doc) => recreate(doc)()), 'editor', 'owner-only stop key: visited');
    expect(tripDocToJson(server).stops[0]).toMatchObject({ visited: true, visitedAt: '2025-06-01' });
    // A stop whose owner-only fields are unset loses nothing by it.
    const plain = copyOf(server);
    expectAccepted(server, plain, capture(plain, () => stopsMap(plain).set('00000000-0000-4000-8000-000000000062', recordMap({ name: 'Nizza', pos: 'a5' }))), 'editor');
    syncInto(server, owner);
    expectAccepted(server, owner, capture(owner, () => owner.transact(() => {
      deleteStop(owner, visited);
      recreate(owner)();
    })), 'owner');
    expect(tripDocToJson(server).stops.find((stop) => stop.id === visited)).toMatchObject({ visited: false, visitedAt: null });
  });

  it('accepts an offline editor session sent as sync step 2, even with deletions the server made meanwhile', () => {
    const server = serverDoc();
    const editor = copyOf(server);
    suggestionsMap(server).delete('sug-1');
    activityArray(server).delete(0, 1);
    syncInto(server, editor);
    addStop(editor, '00000000-0000-4000-8000-000000000063', { name: 'Arles' });
    updateStop(editor, '00000000-0000-4000-8000-000000000063', { name: 'Arles centre' });
    updateStop(editor, '00000000-0000-4000-8000-000000000063', { name: 'Arles gare' });
    moveStop(editor, '00000000-0000-4000-8000-000000000061', 2);
    deleteStop(editor, '00000000-0000-4000-8000-000000000062');
    // Carries the editor's whole delete set, including the server's deletions outside stops.
    const syncStep2 = Y.encodeStateAsUpdate(editor, Y.encodeStateVector(server));
    expect(Y.decodeUpdate(syncStep2).structs.some((s) => s instanceof Y.Item && s.content instanceof Y.ContentDeleted)).toBe(true);
    expectAccepted(server, editor, syncStep2, 'editor');
  });

  it('accepts any mix of helper edits by an offline editor while the owner marks stops visited', () => {
    // A stop's name is never blank at either door: the helpers' callers trim and check it first.
    const name = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== '');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(6), name }),
      fc.record({ kind: fc.constant('move' as const), stop: fc.nat(6), to: fc.nat(6) }),
      fc.record({ kind: fc.constant('rename' as const), stop: fc.nat(6), name }),
      fc.record({ kind: fc.constant('delete' as const), stop: fc.nat(6) }),
      fc.record({ kind: fc.constant('visit' as const), stop: fc.nat(6) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 15 }), (ops) => {
        const server = serverDoc();
        const editor = copyOf(server);
        const idAt = (doc: Y.Doc, index: number) => tripDocToJson(doc).stops[index]?.id;
        ops.forEach((o, n) => {
          if (o.kind === 'add') addStop(editor, `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`, { name: o.name }, o.at);
          if (o.kind === 'move') moveStop(editor, idAt(editor, o.stop) ?? '', o.to);
          if (o.kind === 'rename') updateStop(editor, idAt(editor, o.stop) ?? '', { name: o.name });
          if (o.kind === 'delete') deleteStop(editor, idAt(editor, o.stop) ?? '');
          if (o.kind === 'visit') updateStop(server, idAt(server, o.stop) ?? '', { visited: true });
        });
        const syncStep2 = Y.encodeStateAsUpdate(editor, Y.encodeStateVector(server));
        syncInto(server, editor); // so both should end the same once the server applies the editor's edits
        expectAccepted(server, editor, syncStep2, 'editor');
      }),
      { numRuns: 100 },
    );
  });
});

describe('viewers', () => {
  it('refuses any insertion or deletion and accepts only an empty update', () => {
    const server = serverDoc();
    const viewer = copyOf(server);
    expectRefused(server, capture(viewer, () => addStop(viewer, '00000000-0000-4000-8000-000000000063', { name: 'Arles' })), 'viewer', 'read-only connection');
    expectRefused(server, capture(viewer, () => deleteStop(viewer, '00000000-0000-4000-8000-000000000061')), 'viewer', 'read-only connection');
    expect(checkClientUpdate(server, Y.encodeStateAsUpdate(new Y.Doc()), { role: 'viewer' })).toMatchObject({ ok: true });
  });
});
