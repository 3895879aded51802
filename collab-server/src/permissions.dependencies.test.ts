/** checkClientUpdate on dependencies: updates that need structs or deletions the server never got, and crafted orderings. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, deleteStop, metaMap, moveStop, suggestionsMap, tripDocToJson, updateStop } from '@caravan/shared';
import { checkClientUpdate } from './permissions.ts';
import { capture, copyOf, craft, craftedItem, expectRefused, serverDoc } from './test/tripDocUpdates.ts';

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
    expect(checkClientUpdate(server, update, { role: 'editor' })).toMatchObject({ ok: true });
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
