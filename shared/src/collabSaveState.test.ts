import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { encodeAck, SettledState } from './collabSaveState.ts';

/** A replica with one item the server already has, and its SettledState noting the replica's own transactions. */
function replica() {
  const doc = new Y.Doc();
  const settled = new SettledState();
  doc.getMap('m').set('a', 1);
  doc.on('afterTransaction', (transaction: Y.Transaction) => settled.noteLocalTransaction(transaction));
  settled.settleAck(encodeAck(Y.decodeStateVector(Y.encodeStateVector(doc))));
  return { doc, settled };
}

const stateVector = (doc: Y.Doc) => Y.decodeStateVector(Y.encodeStateVector(doc));
const deleteSetOf = (update: Uint8Array) => Y.decodeUpdate(update).ds;

describe('SettledState', () => {
  it('settles an insertion once an acknowledgement covers its clock', () => {
    const { doc, settled } = replica();
    const before = stateVector(doc);
    doc.getMap('m').set('b', 2);
    expect(settled.covers(doc)).toBe(false);
    settled.settleAck(encodeAck(before));
    expect(settled.covers(doc)).toBe(false);
    settled.settleAck(encodeAck(stateVector(doc)));
    expect(settled.covers(doc)).toBe(true);
  });

  it('keeps a deletion pending until an acknowledgement lists it, though it advanced no clock', () => {
    const { doc, settled } = replica();
    let update!: Uint8Array;
    doc.once('update', (change: Uint8Array) => (update = change));
    doc.getMap('m').delete('a');
    settled.settleAck(encodeAck(stateVector(doc)));
    expect(settled.covers(doc)).toBe(false);
    settled.settleAck(encodeAck(stateVector(doc), [deleteSetOf(update)]));
    expect(settled.covers(doc)).toBe(true);
  });

  it('settles a deletion the server itself sent back, and counts what the server sent as settled', () => {
    const { doc, settled } = replica();
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    doc.getMap('m').delete('a');
    let fromServer!: Uint8Array;
    other.once('update', (change: Uint8Array) => (fromServer = change));
    other.getMap('m').delete('a');
    other.getMap('m').set('c', 3);
    settled.settleFromServer(fromServer);
    Y.applyUpdate(doc, fromServer);
    expect(settled.covers(doc)).toBe(true);
  });
});
