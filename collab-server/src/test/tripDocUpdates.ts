/** Trip documents and Yjs update bytes for checkClientUpdate tests: the server's document, captured client edits, crafted structs. */
import * as encoding from 'lib0/encoding';
import { expect } from 'vitest';
import * as Y from 'yjs';
import { activityArray, addStop, metaMap, recordMap, suggestionsMap, tripDocToJson, type TTripRole } from '@caravan/shared';
import { checkClientUpdate } from '../permissions.ts';

/** The room's document as the server holds it: two stops, a title, one activity entry and a suggestion. */
export function serverDoc(): Y.Doc {
  const doc = new Y.Doc();
  addStop(doc, '00000000-0000-4000-8000-000000000061', { name: 'Lyon', latitude: 45.76, longitude: 4.84 });
  addStop(doc, '00000000-0000-4000-8000-000000000062', { name: 'Nice', latitude: 43.7, longitude: 7.27 });
  metaMap(doc).set('title', 'Riviera');
  activityArray(doc).push([recordMap({ id: 'act-1', activityType: 'stop_added', createdAt: '2025-01-01' })]);
  suggestionsMap(doc).set('sug-1', recordMap({ id: 'sug-1', name: 'Cannes', status: 'pending' }));
  return doc;
}

export const copyOf = (doc: Y.Doc) => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
};

/** Brings `to` up to date with `from`, as sync step 2 does. */
export const syncInto = (from: Y.Doc, to: Y.Doc) => Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));

/** The update bytes a client sends for `edit`, as captured from its `update` event. */
export function capture(doc: Y.Doc, edit: () => void): Uint8Array {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array) => updates.push(update);
  doc.on('update', listener);
  edit();
  doc.off('update', listener);
  expect(updates.length).toBeGreaterThan(0);
  return updates.length === 1 ? updates[0] : Y.mergeUpdates(updates);
}

/** Accepted, fully integrated by Yjs (nothing parked as pending) and the server now matches the client. */
export function expectAccepted(server: Y.Doc, client: Y.Doc, update: Uint8Array, role: TTripRole) {
  expect(checkClientUpdate(server, update, { role })).toMatchObject({ ok: true });
  Y.applyUpdate(server, update);
  expect(server.store.pendingStructs).toBeNull();
  expect(server.store.pendingDs).toBeNull();
  expect(tripDocToJson(server)).toEqual(tripDocToJson(client));
}

export const expectRefused = (server: Y.Doc, update: Uint8Array, role: TTripRole, reason: string) =>
  expect(checkClientUpdate(server, update, { role })).toEqual({ ok: false, reason });

/** A fresh client synced with the server makes `edit`; a refused update would leave later ones dangling. */
export const editOnFreshClient = (server: Y.Doc, edit: (client: Y.Doc) => void) => {
  const client = copyOf(server);
  return capture(client, () => edit(client));
};

/** Does the update hold an item whose parent Yjs left out because it has an origin? */
export const hasParentlessItem = (update: Uint8Array) =>
  Y.decodeUpdate(update).structs.some((s) => s instanceof Y.Item && s.parent === null && s.origin !== null);

/** Encodes hand-made structs and deletions, to build updates no honest client sends. */
export function craft(sections: Array<{ client: number; clock: number; structs: Array<Y.Item | Y.GC | Y.Skip> }>, deletes: number[][] = []) {
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

export const craftedItem = (client: number, clock: number, origin: Y.ID | null, parent: string | Y.ID | null, key: string | null) =>
  new Y.Item(Y.createID(client, clock), null, origin, null, null, parent as never, key, new Y.ContentAny(['x']));
