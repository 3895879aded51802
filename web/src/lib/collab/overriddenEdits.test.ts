import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, findStop, moveStop, orderedStops, updateStop } from '@caravan/shared';
import { LOCAL_ORIGIN, transactLocal } from './localEdit.ts';
import { watchOverriddenEdits, writeMineAgain, type OverriddenEdit } from './overriddenEdits.ts';

const REMOTE = 'remote';

/** A member's replica with the watch the trip page runs, and what it told. */
function member(clientID: number) {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  const told: OverriddenEdit[][] = [];
  watchOverriddenEdits(doc, { isOwn: (origin) => origin === LOCAL_ORIGIN, onOverridden: (edits) => told.push(edits) });
  return { doc, told };
}

/** Sends `from`'s changes that `to` lacks, as the server would, in one transaction. */
function deliver(from: Y.Doc, to: Y.Doc): void {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)), REMOTE);
}
const exchange = (a: Y.Doc, b: Y.Doc) => {
  deliver(a, b);
  deliver(b, a);
};

/** Two members with the same four stops, added by someone else (the server). */
function twoMembers() {
  const origin = new Y.Doc();
  for (const [id, name] of [
    ['s1', 'Seattle'],
    ['s2', 'Olympia'],
    ['s3', 'Astoria'],
    ['s4', 'Portland'],
  ])
    addStop(origin, id, { name });
  const ana = member(100);
  const ben = member(200);
  deliver(origin, ana.doc);
  deliver(origin, ben.doc);
  return { ana, ben };
}

const order = (doc: Y.Doc) => orderedStops(doc).map((stop) => stop.id);

// Of two writes made at once, Yjs keeps the one of the higher client id: Ben's (200) over Ana's (100), Cy's (300) over both.
describe('overridden edits', () => {
  it('tells only the member whose move of the same stop was replaced by a move made at the same time', () => {
    const { ana, ben } = twoMembers();
    transactLocal(ana.doc, () => moveStop(ana.doc, 's3', 0));
    transactLocal(ben.doc, () => moveStop(ben.doc, 's3', 3));
    exchange(ana.doc, ben.doc);

    expect(order(ana.doc)).toEqual(['s1', 's2', 's4', 's3']);
    expect(order(ben.doc)).toEqual(order(ana.doc));
    expect(ben.told).toEqual([]);
    expect(ana.told).toHaveLength(1);
    const [[edit]] = ana.told;
    expect(edit).toMatchObject({ stopId: 's3', key: 'pos', byClient: ben.doc.clientID });

    // "Apply mine again": Ana's order, for both, and nobody is told anything more.
    expect(transactLocal(ana.doc, () => writeMineAgain(ana.doc, [edit]))).toBe(true);
    exchange(ana.doc, ben.doc);
    expect(order(ana.doc)).toEqual(['s3', 's1', 's2', 's4']);
    expect(order(ben.doc)).toEqual(order(ana.doc));
    expect(ana.told).toHaveLength(1);
    expect(ben.told).toEqual([]);
  });

  it('tells Ben, not Ana, when Ana’s move wins', () => {
    const { ana, ben } = twoMembers();
    ana.doc.clientID = 900;
    transactLocal(ana.doc, () => moveStop(ana.doc, 's3', 0));
    transactLocal(ben.doc, () => moveStop(ben.doc, 's3', 3));
    exchange(ana.doc, ben.doc);
    expect(order(ben.doc)).toEqual(['s3', 's1', 's2', 's4']);
    expect(ana.told).toEqual([]);
    expect(ben.told).toEqual([[expect.objectContaining({ stopId: 's3', key: 'pos', byClient: 900 })]]);
  });

  it('says nothing of a later change made after seeing this member’s, on either side', () => {
    const { ana, ben } = twoMembers();
    transactLocal(ana.doc, () => moveStop(ana.doc, 's3', 0));
    exchange(ana.doc, ben.doc);
    transactLocal(ben.doc, () => moveStop(ben.doc, 's3', 3));
    transactLocal(ben.doc, () => updateStop(ben.doc, 's3', { name: 'Astoria, OR' }));
    exchange(ana.doc, ben.doc);
    transactLocal(ana.doc, () => updateStop(ana.doc, 's3', { name: 'Astoria (2 nights)' }));
    exchange(ana.doc, ben.doc);

    expect(order(ana.doc).indexOf('s3')).toBe(3);
    expect(findStop(ben.doc, 's3')?.name).toBe('Astoria (2 nights)');
    expect(ana.told).toEqual([]);
    expect(ben.told).toEqual([]);
  });

  it('tells the member whose field was replaced by a concurrent write, with their value to write again', () => {
    const { ana, ben } = twoMembers();
    transactLocal(ana.doc, () => updateStop(ana.doc, 's2', { name: 'Olympia, WA', notes: 'Ana’s notes' }));
    transactLocal(ben.doc, () => updateStop(ben.doc, 's2', { name: 'Olympia capitol' }));
    exchange(ana.doc, ben.doc);

    expect(ben.told).toEqual([]);
    expect(ana.told).toEqual([[{ stopId: 's2', key: 'name', mine: 'Olympia, WA', byClient: ben.doc.clientID }]]);
    // Ana's notes had no rival: they stand on both sides.
    expect(findStop(ben.doc, 's2')).toMatchObject({ name: 'Olympia capitol', notes: 'Ana’s notes' });

    transactLocal(ana.doc, () => writeMineAgain(ana.doc, ana.told[0]));
    exchange(ana.doc, ben.doc);
    expect(findStop(ben.doc, 's2')?.name).toBe('Olympia, WA');
    expect(ben.told).toEqual([]);
  });

  it('tells after an offline merge, naming the member whose write jumped over this one, not a later one', () => {
    const { ana, ben } = twoMembers();
    const cy = member(300);
    deliver(ana.doc, cy.doc);
    // Offline: Ana renames and moves; Ben renames twice and moves; Cy sees Ben's and renames after them.
    transactLocal(ana.doc, () => updateStop(ana.doc, 's1', { name: 'Seattle (Ana)' }));
    transactLocal(ana.doc, () => moveStop(ana.doc, 's1', 2));
    transactLocal(ben.doc, () => updateStop(ben.doc, 's1', { name: 'Seattle (Ben)' }));
    transactLocal(ben.doc, () => updateStop(ben.doc, 's1', { name: 'Seattle (Ben, again)' }));
    transactLocal(ben.doc, () => moveStop(ben.doc, 's1', 3));
    deliver(ben.doc, cy.doc);
    transactLocal(cy.doc, () => updateStop(cy.doc, 's1', { name: 'Seattle (Cy)' }));
    // Back online: Ana gets Ben's and Cy's changes in one go, and they get hers.
    Y.applyUpdate(ana.doc, Y.mergeUpdates([Y.encodeStateAsUpdate(ben.doc), Y.encodeStateAsUpdate(cy.doc)]), REMOTE);
    deliver(ana.doc, ben.doc);
    deliver(ana.doc, cy.doc);

    for (const { doc } of [ana, ben, cy]) expect(findStop(doc, 's1')).toMatchObject({ name: 'Seattle (Cy)' });
    expect(order(ana.doc)).toEqual(['s2', 's3', 's4', 's1']);
    const byKey = Object.fromEntries(ana.told.flat().map((edit) => [edit.key, edit]));
    expect(ana.told).toHaveLength(1);
    expect(byKey).toEqual({
      name: { stopId: 's1', key: 'name', mine: 'Seattle (Ana)', byClient: ben.doc.clientID },
      pos: expect.objectContaining({ stopId: 's1', key: 'pos', byClient: ben.doc.clientID }),
    });
    expect(ben.told).toEqual([]);
    expect(cy.told).toEqual([]);
  });

  it('forgets its own writes past the limit, the oldest first', () => {
    const doc = new Y.Doc();
    doc.clientID = 100;
    addStop(doc, 'a', { name: 'A' });
    addStop(doc, 'b', { name: 'B' });
    const rival = new Y.Doc();
    rival.clientID = 200;
    deliver(doc, rival);
    const told: OverriddenEdit[][] = [];
    watchOverriddenEdits(doc, { isOwn: (origin) => origin === LOCAL_ORIGIN, onOverridden: (edits) => told.push(edits), limit: 1 });
    transactLocal(doc, () => updateStop(doc, 'a', { notes: 'mine' }));
    transactLocal(doc, () => updateStop(doc, 'b', { notes: 'mine' }));
    updateStop(rival, 'a', { notes: 'theirs' });
    updateStop(rival, 'b', { notes: 'theirs' });
    deliver(rival, doc);
    expect(told.flat().map((edit) => edit.stopId)).toEqual(['b']);
  });
});
