import fc from 'fast-check';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  activityArray,
  addStop,
  commentsMap,
  deleteStop,
  metaMap,
  moveStop,
  OWNER_ONLY_STOP_KEYS,
  recordMap,
  stopFieldSchemas,
  stopsMap,
  suggestionsMap,
  tripDocToJson,
  updateStop,
  type TTripRole,
} from '@caravan/shared';
import { STOP_ID, checkClientUpdate } from './permissions.ts';

/** The room's document as the server holds it: two stops, a title, one activity entry and a suggestion. */
function serverDoc(): Y.Doc {
  const doc = new Y.Doc();
  addStop(doc, '00000000-0000-4000-8000-000000000061', { name: 'Lyon', latitude: 45.76, longitude: 4.84 });
  addStop(doc, '00000000-0000-4000-8000-000000000062', { name: 'Nice', latitude: 43.7, longitude: 7.27 });
  metaMap(doc).set('title', 'Riviera');
  activityArray(doc).push([recordMap({ id: 'act-1', activityType: 'stop_added', createdAt: '2025-01-01' })]);
  suggestionsMap(doc).set('sug-1', recordMap({ id: 'sug-1', name: 'Cannes', status: 'pending' }));
  return doc;
}

const copyOf = (doc: Y.Doc) => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
};

/** Brings `to` up to date with `from`, as sync step 2 does. */
const syncInto = (from: Y.Doc, to: Y.Doc) => Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));

/** The update bytes a client sends for `edit`, as captured from its `update` event. */
function capture(doc: Y.Doc, edit: () => void): Uint8Array {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array) => updates.push(update);
  doc.on('update', listener);
  edit();
  doc.off('update', listener);
  expect(updates.length).toBeGreaterThan(0);
  return updates.length === 1 ? updates[0] : Y.mergeUpdates(updates);
}

/** Accepted, fully integrated by Yjs (nothing parked as pending) and the server now matches the client. */
function expectAccepted(server: Y.Doc, client: Y.Doc, update: Uint8Array, role: TTripRole) {
  expect(checkClientUpdate(server, update, role)).toMatchObject({ ok: true });
  Y.applyUpdate(server, update);
  expect(server.store.pendingStructs).toBeNull();
  expect(server.store.pendingDs).toBeNull();
  expect(tripDocToJson(server)).toEqual(tripDocToJson(client));
}

const expectRefused = (server: Y.Doc, update: Uint8Array, role: TTripRole, reason: string) =>
  expect(checkClientUpdate(server, update, role)).toEqual({ ok: false, reason });

/** A fresh client synced with the server makes `edit`; a refused update would leave later ones dangling. */
const editOnFreshClient = (server: Y.Doc, edit: (client: Y.Doc) => void) => {
  const client = copyOf(server);
  return capture(client, () => edit(client));
};

/** Does the update hold an item whose parent Yjs left out because it has an origin? */
const hasParentlessItem = (update: Uint8Array) =>
  Y.decodeUpdate(update).structs.some((s) => s instanceof Y.Item && s.parent === null && s.origin !== null);

/** Encodes hand-made structs and deletions, to build updates no honest client sends. */
function craft(sections: Array<{ client: number; clock: number; structs: Array<Y.Item | Y.GC | Y.Skip> }>, deletes: number[][] = []) {
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, sections.length);
  for (const { client, clock, structs } of sections) {
    encoding.writeVarUint(encoder.restEncoder, structs.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, clock);
    for (const struct of structs) struct.write(encoder, 0);
  }
  encoding.writeVarUint(encoder.restEncoder, deletes.length);
  for (const [client, clock, len] of deletes) {
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, 1);
    encoder.writeDsClock(clock);
    encoder.writeDsLen(len);
  }
  return encoder.toUint8Array();
}

const craftedItem = (client: number, clock: number, origin: Y.ID | null, parent: string | Y.ID | null, key: string | null) =>
  new Y.Item(Y.createID(client, clock), null, origin, null, null, parent as never, key, new Y.ContentAny(['x']));

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
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(6), name: fc.string({ minLength: 1, maxLength: 20 }) }),
      fc.record({ kind: fc.constant('move' as const), stop: fc.nat(6), to: fc.nat(6) }),
      fc.record({ kind: fc.constant('rename' as const), stop: fc.nat(6), name: fc.string({ minLength: 1, maxLength: 20 }) }),
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

describe('what stops may hold', () => {
  it('refuses unknown keys, wrong values and nested types in a stop', () => {
    const server = serverDoc();
    const refusals: Array<[(client: Y.Doc) => void, string]> = [
      [(c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('color', 'red'), 'unknown stop key: "color"'],
      [(c) => updateStop(c, '00000000-0000-4000-8000-000000000061', { name: 5 as never }), 'invalid value for name'],
      [(c) => updateStop(c, '00000000-0000-4000-8000-000000000061', { name: '' }), 'invalid value for name'],
      [(c) => updateStop(c, '00000000-0000-4000-8000-000000000062', { latitude: 200 }), 'invalid value for latitude'],
      [(c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('notes', new Y.Map()), 'invalid value for notes'],
      [(c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('notes', new Y.Text('hi')), 'invalid value for notes'],
      [(c) => stopsMap(c).set('00000000-0000-4000-8000-00000000007a', 'Arles' as never), 'stop must be a map'],
      [(c) => addStop(c, 'not-a-uuid', { name: 'Arles' }), 'invalid stop id'],
    ];
    for (const [edit, reason] of refusals) {
      expectRefused(server, editOnFreshClient(server, edit), 'owner', reason);
      expectRefused(server, editOnFreshClient(server, edit), 'editor', reason);
    }
    const client = copyOf(server);
    expectAccepted(server, client, capture(client, () => addStop(client, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', { name: 'Arles', latitude: -90 })), 'editor');
  });

  it('refuses text PostgreSQL cannot store (NUL) in every text field, as the REST calls do', () => {
    const server = serverDoc();
    const stopId = '00000000-0000-4000-8000-000000000061';
    const fields = { name: 'Ly\u0000on', address: 'Rue\u0000', notes: '\u0000', journalContent: 'Day\u0000one', pos: 'a\u0000' };
    for (const [key, value] of Object.entries(fields)) {
      const edit = (c: Y.Doc) => stopsMap(c).get(stopId)!.set(key, value);
      expectRefused(server, editOnFreshClient(server, edit), 'owner', `invalid value for ${key}`);
      expectRefused(server, editOnFreshClient(server, edit), 'editor', `invalid value for ${key}`);
    }
    const photos = (c: Y.Doc) => stopsMap(c).get(stopId)!.set('photos', ['/_api/photos/x\u0000']);
    expectRefused(server, editOnFreshClient(server, photos), 'owner', 'invalid value for photos');
    const newStop = (c: Y.Doc) => addStop(c, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', { name: 'Arles\u0000' });
    expectRefused(server, editOnFreshClient(server, newStop), 'editor', 'invalid value for name');
    // A lone surrogate cannot travel: Yjs encodes text as UTF-8, which turns it into U+FFFD, storable text.
    const update = editOnFreshClient(server, (c) => updateStop(c, stopId, { name: 'Ly\ud800on' }));
    expect(checkClientUpdate(server, update, 'editor')).toMatchObject({ ok: true });
    Y.applyUpdate(server, update);
    expect(stopsMap(server).get(stopId)!.get('name')).toBe('Ly\ufffdon');
  });

  it('refuses the 1001st stop and updates over 1 MiB', () => {
    const server = new Y.Doc();
    server.transact(() => {
      for (let i = 0; i < 1000; i++) stopsMap(server).set(`10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, recordMap({ name: `Stop ${i}`, pos: `a${i}` }));
    });
    const client = copyOf(server);
    expectRefused(server, capture(client, () => addStop(client, '30000000-0000-4000-8000-000000000000', { name: 'Arles' })), 'editor', 'too many stops');
    const renamed = copyOf(server);
    expectAccepted(server, renamed, capture(renamed, () => updateStop(renamed, '10000000-0000-4000-8000-000000000000', { name: 'Arles' })), 'editor');

    const big = copyOf(server);
    const journal = 'j'.repeat(100_000);
    const update = capture(big, () => {
      for (let i = 0; i < 11; i++) updateStop(big, `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, { journalContent: journal });
    });
    expect(update.byteLength).toBeGreaterThan(1024 * 1024);
    expectRefused(server, update, 'owner', 'update too large');
  });
});

describe('server-only parts of the document', () => {
  it('refuses writes to suggestions, comments, meta and activity, even from the owner', () => {
    const server = serverDoc();
    const writes: Array<(client: Y.Doc) => void> = [
      (c) => suggestionsMap(c).set('sug-2', recordMap({ id: 'sug-2', name: 'Antibes' })),
      (c) => suggestionsMap(c).get('sug-1')!.set('status', 'approved'),
      (c) => commentsMap(c).set('c-1', recordMap({ id: 'c-1', stopId: '00000000-0000-4000-8000-000000000061', content: 'hi' })),
      (c) => metaMap(c).set('isPublic', true),
      (c) => c.getArray('fresh-root').push([1]),
      (c) => suggestionsMap(c).delete('sug-1'),
      (c) => activityArray(c).delete(0, 1),
    ];
    for (const write of writes) expectRefused(server, editOnFreshClient(server, write), 'owner', 'write outside stops');
  });

  it('finds the parent Yjs leaves out of items with an origin, outside stops too', () => {
    const server = serverDoc();
    const writes: Array<(client: Y.Doc) => void> = [
      (c) => activityArray(c).push([recordMap({ id: 'act-2' })]),
      (c) => metaMap(c).set('title', 'Mine'),
      (c) => stopsMap(c).get('00000000-0000-4000-8000-000000000061')!.set('name', 5 as never),
    ];
    for (const write of writes) {
      const update = editOnFreshClient(server, write);
      expect(hasParentlessItem(update)).toBe(true);
      expect(checkClientUpdate(server, update, 'owner').ok).toBe(false);
    }
  });
});

describe('viewers', () => {
  it('refuses any insertion or deletion and accepts only an empty update', () => {
    const server = serverDoc();
    const viewer = copyOf(server);
    expectRefused(server, capture(viewer, () => addStop(viewer, '00000000-0000-4000-8000-000000000063', { name: 'Arles' })), 'viewer', 'read-only connection');
    expectRefused(server, capture(viewer, () => deleteStop(viewer, '00000000-0000-4000-8000-000000000061')), 'viewer', 'read-only connection');
    expect(checkClientUpdate(server, Y.encodeStateAsUpdate(new Y.Doc()), 'viewer')).toMatchObject({ ok: true });
  });
});

describe('dependencies', () => {
  it('refuses an update that needs an earlier update the server never got', () => {
    const server = serverDoc();
    const editor = copyOf(server);
    capture(editor, () => addStop(editor, '00000000-0000-4000-8000-000000000063', { name: 'Arles' }));
    const rename = capture(editor, () => updateStop(editor, '00000000-0000-4000-8000-000000000063', { name: 'Arles gare' }));
    expectRefused(server, rename, 'editor', 'missing dependency');
    // What the check prevents: Yjs would park it and apply it, unchecked, once the gap is filled.
    const copy = copyOf(server);
    Y.applyUpdate(copy, rename);
    expect(copy.store.pendingStructs).not.toBeNull();
  });

  it("refuses edits and deletions of another client's stop the server never got", () => {
    const server = serverDoc();
    const peer = copyOf(server);
    addStop(peer, '00000000-0000-4000-8000-000000000070', { name: 'Avignon' });
    const editor = copyOf(peer);
    expectRefused(server, capture(editor, () => updateStop(editor, '00000000-0000-4000-8000-000000000070', { name: 'Orange' })), 'editor', 'missing dependency');
    expectRefused(server, capture(editor, () => moveStop(editor, '00000000-0000-4000-8000-000000000070', 0)), 'editor', 'missing dependency');
    expectRefused(server, capture(editor, () => deleteStop(editor, '00000000-0000-4000-8000-000000000070')), 'editor', 'missing dependency');
  });

  it('refuses structs of two clients that wait on each other, and a client sent twice', () => {
    const server = serverDoc();
    const cycle = craft([
      { client: 901, clock: 0, structs: [craftedItem(901, 0, Y.createID(902, 0), null, null)] },
      { client: 902, clock: 0, structs: [craftedItem(902, 0, Y.createID(901, 0), null, null)] },
    ]);
    expectRefused(server, cycle, 'owner', 'missing dependency');
    const copy = copyOf(server);
    Y.applyUpdate(copy, cycle);
    expect(copy.store.pendingStructs).not.toBeNull();

    const stop = new Y.Item(Y.createID(903, 0), null, null, null, null, 'stops' as never, '00000000-0000-4000-8000-000000000078', new Y.ContentType(new Y.Map()));
    const twice = craft([
      { client: 903, clock: 0, structs: [stop] },
      { client: 903, clock: 1, structs: [craftedItem(903, 1, null, 'meta', 'title')] },
    ]);
    expectRefused(server, twice, 'owner', 'malformed update');
  });

  it('lets GC structs through and drops items whose neighbour is GC, as Yjs does', () => {
    const server = serverDoc();
    const before = tripDocToJson(server);
    const title = metaMap(server)._map.get('title')!.id;
    const beside = (clock: number, origin: Y.ID) =>
      new Y.Item(Y.createID(904, clock), null, origin, null, Y.createID(904, 2), null, null, new Y.ContentAny(['x']));
    // Yjs turns both items into GC: one follows a GC, the other sits between meta's title and a GC.
    const update = craft([{ client: 904, clock: 0, structs: [new Y.GC(Y.createID(904, 0), 3), beside(3, Y.createID(904, 1)), beside(4, title)] }]);
    expect(checkClientUpdate(server, update, 'editor')).toMatchObject({ ok: true });
    Y.applyUpdate(server, update);
    expect(tripDocToJson(server)).toEqual(before);
    expect(Y.getState(server.store, 904)).toBe(5);
  });

  it('refuses deleting ids that exist nowhere, even an empty range, which Yjs throws on', () => {
    const server = serverDoc();
    expectRefused(server, craft([], [[905, 0, 2]]), 'owner', 'missing dependency');
    const empty = craft([], [[server.clientID, Y.getState(server.store, server.clientID), 0]]);
    expectRefused(server, empty, 'owner', 'missing dependency');
    expect(() => Y.applyUpdate(copyOf(server), empty)).toThrow();
  });

  it('refuses a partly known item that Yjs would link into another type', () => {
    const server = serverDoc();
    const client = server.clientID;
    const known = Y.getState(server.store, client);
    // Its new half follows the server's last struct (a suggestion field) while its right origin says stops.
    const item = new Y.Item(Y.createID(client, known - 1), null, null, null, Y.createID(client, 0), null, null, new Y.ContentDeleted(2));
    const update = craft([{ client, clock: known - 1, structs: [item] }]);
    expectRefused(server, update, 'owner', 'malformed update');
    const copy = copyOf(server);
    Y.applyUpdate(copy, update);
    expect(suggestionsMap(copy).get('sug-1')!.get('status')).toBeUndefined();
  });
});

/** The server document with some history: an owner-only key set, an overwritten name, a deleted stop. */
function richServerDoc(): Y.Doc {
  const doc = serverDoc();
  updateStop(doc, '00000000-0000-4000-8000-000000000061', { visited: true, name: 'Lyon 2e' });
  addStop(doc, '00000000-0000-4000-8000-000000000064', { name: 'Dijon' });
  deleteStop(doc, '00000000-0000-4000-8000-000000000064');
  return doc;
}

/** If an update is accepted, Yjs applies all of it and only valid stops change; editors keep owner-only keys. */
function expectHarmlessIfAccepted(server: Y.Doc, update: Uint8Array, role: TTripRole) {
  if (!checkClientUpdate(server, update, role).ok) return false;
  const { stops: stopsBefore, ...restBefore } = tripDocToJson(server);
  Y.applyUpdate(server, update);
  expect(server.store.pendingStructs).toBeNull();
  expect(server.store.pendingDs).toBeNull();
  const { stops: stopsAfter, ...restAfter } = tripDocToJson(server);
  expect(restAfter).toEqual(restBefore);
  stopsMap(server).forEach((stop, id) => {
    expect(id).toMatch(STOP_ID);
    for (const [key, value] of Object.entries(stop.toJSON())) {
      expect(stopFieldSchemas[key as keyof typeof stopFieldSchemas]?.safeParse(value).success).toBe(true);
    }
  });
  if (role !== 'editor') return true;
  for (const after of stopsAfter) {
    // Whatever path a change took (a key's value, or a new map under the stop's id), owner-only values stay.
    const before = stopsBefore.find((stop) => stop.id === after.id);
    if (before) for (const key of OWNER_ONLY_STOP_KEYS) expect(after[key]).toEqual(before[key]);
  }
  return true;
}

describe('hostile updates', () => {
  const base = richServerDoc();
  const client = copyOf(base);
  const valid = [
    capture(client, () => addStop(client, '00000000-0000-4000-8000-000000000063', { name: 'Arles', notes: 'Arena' }, 0)),
    capture(client, () => updateStop(client, '00000000-0000-4000-8000-000000000061', { name: 'Lyon 3e', latitude: 45.7 })),
    capture(client, () => moveStop(client, '00000000-0000-4000-8000-000000000062', 0)),
    capture(client, () => deleteStop(client, '00000000-0000-4000-8000-000000000063')),
    Y.encodeStateAsUpdate(client, Y.encodeStateVector(base)),
  ];
  const role = fc.constantFrom<TTripRole>('owner', 'editor', 'viewer');

  it('never throws on random bytes, and what it accepts is harmless', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), role, (bytes, r) => {
        expectHarmlessIfAccepted(copyOf(base), bytes, r);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on corrupted valid updates, and what it accepts is harmless', () => {
    const corruption = fc.record({
      which: fc.nat(valid.length - 1),
      edits: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(corruption, role, ({ which, edits }, r) => {
        const bytes = valid[which].slice();
        for (const { at, byte } of edits) bytes[at % bytes.length] = byte;
        expectHarmlessIfAccepted(copyOf(base), bytes, r);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every truncated valid update', () => {
    fc.assert(
      fc.property(fc.nat(valid.length - 1), fc.nat(), role, (which, cut, r) => {
        const update = valid[which];
        expect(checkClientUpdate(copyOf(base), update.slice(0, cut % update.length), r).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts only crafted structs that Yjs applies whole and that change nothing but valid stops', () => {
    const server = base.clientID;
    const known = Y.getState(base.store, server);
    const clients = [server, server, 7, 8];
    const id = fc.tuple(fc.constantFrom(...clients), fc.nat(known + 2)).map(([c, clock]) => Y.createID(c, clock));
    const value = fc.oneof(fc.string({ maxLength: 5 }), fc.double(), fc.boolean(), fc.constant(null));
    const content = fc.oneof(
      value.map((v) => new Y.ContentAny([v])),
      fc.array(value, { minLength: 2, maxLength: 3 }).map((values) => new Y.ContentAny(values)),
      fc.constant(null).map(() => new Y.ContentType(new Y.Map())),
      fc.integer({ min: 1, max: 3 }).map((len) => new Y.ContentDeleted(len)),
      fc.constant(null).map(() => new Y.ContentString('ab')),
    );
    const struct = fc.record({
      kind: fc.constantFrom('item', 'item', 'item', 'gc', 'skip'),
      origin: fc.option(id),
      rightOrigin: fc.option(id, { freq: 4 }),
      parent: fc.oneof(fc.constantFrom('stops', 'meta', 'activity'), id),
      key: fc.option(fc.constantFrom('name', 'visited', 'pos', 'latitude', '00000000-0000-4000-8000-000000000061', '00000000-0000-4000-8000-000000000078', 'title')),
      content,
      len: fc.integer({ min: 1, max: 3 }),
    });
    const section = fc.record({
      client: fc.constantFrom(...clients),
      clock: fc.oneof(fc.constant(0), fc.constant(known), fc.nat(known + 2)),
      shapes: fc.array(struct, { minLength: 1, maxLength: 4 }),
    });
    const deletes = fc.array(fc.tuple(fc.constantFrom(...clients), fc.nat(known + 3), fc.nat(4)), { maxLength: 3 });
    let accepted = 0;
    fc.assert(
      fc.property(fc.uniqueArray(section, { selector: (s) => s.client, maxLength: 3 }), deletes, role, (sections, dels, r) => {
        const built = sections.map(({ client: c, clock, shapes }) => {
          let next = clock;
          const structs = shapes.map((shape) => {
            const at = Y.createID(c, next);
            const made =
              shape.kind === 'gc' ? new Y.GC(at, shape.len)
              : shape.kind === 'skip' ? new Y.Skip(at, shape.len)
              : new Y.Item(at, null, shape.origin, null, shape.rightOrigin, shape.parent as never, shape.key, shape.content);
            next += made.length;
            return made;
          });
          return { client: c, clock, structs };
        });
        if (expectHarmlessIfAccepted(copyOf(base), craft(built, dels), r)) accepted++;
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(50); // the property must see accepted updates to mean anything
  });
});
