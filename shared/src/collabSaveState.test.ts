import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ackEncoder, SettledState, stateVector } from './collabSaveState.ts';

/** A replica with one item the server already has, and its SettledState noting the replica's own transactions. */
function replica() {
  const doc = new Y.Doc();
  const settled = new SettledState();
  doc.getMap('m').set('a', 1);
  doc.on('afterTransaction', (transaction: Y.Transaction) => settled.noteLocalTransaction(transaction));
  settled.settleAck(ackEncoder(doc)());
  return { doc, settled };
}

const deleteSetOf = (update: Uint8Array) => Y.decodeUpdate(update).ds;

describe('ackEncoder', () => {
  it('gives each writer the Yjs snapshot of the shared durable state and its own deletions', () => {
    const doc = new Y.Doc();
    const deletions: ReturnType<typeof deleteSetOf>[] = [];
    doc.on('update', (update: Uint8Array) => deletions.push(deleteSetOf(update)));
    for (let key = 0; key < 5; key++) doc.getMap('m').set(String(key), key);
    doc.getMap('m').delete('1');
    doc.getMap('m').delete('3');
    const acks = ackEncoder(stateVector(doc));
    for (const deletes of [[], [deletions[5]], [deletions[5], deletions[6]]]) {
      const ack = acks(deletes);
      expect(ack).toEqual(Y.encodeSnapshot(Y.createSnapshot(Y.mergeDeleteSets(deletes), stateVector(doc))));
      expect(Y.decodeSnapshot(ack).sv).toEqual(stateVector(doc));
    }
  });
});

describe('SettledState', () => {
  it('settles an insertion once an acknowledgement covers its clock', () => {
    const { doc, settled } = replica();
    const before = stateVector(doc);
    doc.getMap('m').set('b', 2);
    expect(settled.covers(doc)).toBe(false);
    settled.settleAck(ackEncoder(before)());
    expect(settled.covers(doc)).toBe(false);
    settled.settleAck(ackEncoder(doc)());
    expect(settled.covers(doc)).toBe(true);
  });

  it('keeps a deletion pending until an acknowledgement lists it, though it advanced no clock', () => {
    const { doc, settled } = replica();
    let update!: Uint8Array;
    doc.once('update', (change: Uint8Array) => (update = change));
    doc.getMap('m').delete('a');
    settled.settleAck(ackEncoder(doc)());
    expect(settled.covers(doc)).toBe(false);
    settled.settleAck(ackEncoder(doc)([deleteSetOf(update)]));
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
