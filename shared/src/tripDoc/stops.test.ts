import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { isOrderKey } from '../domain/orderKeys.ts';
import { recordMap, stopsMap } from './access.ts';
import { addStop, appendStops, arrangeStops, deleteStop, moveStop, orderedStops, putStopsInOrder, repairOrderKeys, updateStop } from './stops.ts';
import { contractStops } from './toContract.ts';

function replicas(count: number): Y.Doc[] {
  return Array.from({ length: count }, () => new Y.Doc());
}

/** Delivers every replica's state to every other replica, as a sync server would. */
function syncAll(docs: Y.Doc[]): void {
  const merged = Y.mergeUpdates(docs.map((doc) => Y.encodeStateAsUpdate(doc)));
  for (const doc of docs) Y.applyUpdate(doc, merged);
}

describe('stop list', () => {
  it('adds at the end or at an index and numbers stops from 0', () => {
    const doc = new Y.Doc();
    addStop(doc, 'a', { name: 'A' });
    addStop(doc, 'c', { name: 'C' });
    addStop(doc, 'b', { name: 'B' }, 1);
    expect(contractStops(doc).map((stop) => [stop.name, stop.stopOrder])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);
  });

  it('appends many stops after the last, in their order, as one transaction', () => {
    const doc = new Y.Doc();
    addStop(doc, 'a', { name: 'A' });
    let transactions = 0;
    doc.on('afterTransaction', () => transactions++);
    appendStops(doc, [
      { id: 'x', fields: { name: 'X', latitude: 1, longitude: 2 } },
      { id: 'y', fields: { name: 'Y', address: 'Main St' } },
    ]);
    expect(transactions).toBe(1);
    expect(contractStops(doc).map((stop) => [stop.name, stop.stopOrder, stop.latitude, stop.address])).toEqual([
      ['A', 0, 0, null],
      ['X', 1, 1, null],
      ['Y', 2, 0, 'Main St'],
    ]);
  });

  it('moves a stop to newOrder among the others', () => {
    const doc = new Y.Doc();
    for (const id of ['a', 'b', 'c', 'd']) addStop(doc, id, { name: id });
    moveStop(doc, 'a', 2);
    expect(orderedStops(doc).map((stop) => stop.id)).toEqual(['b', 'c', 'a', 'd']);
    moveStop(doc, 'd', 0);
    expect(orderedStops(doc).map((stop) => stop.id)).toEqual(['d', 'b', 'c', 'a']);
    moveStop(doc, 'b', 99);
    expect(orderedStops(doc).map((stop) => stop.id)).toEqual(['d', 'c', 'a', 'b']);
    expect(moveStop(doc, 'missing', 0)).toBe(false);
  });

  it('arranges stops in a given order as one transaction, re-keying only the stops out of place', () => {
    const doc = new Y.Doc();
    for (const id of ['a', 'b', 'c', 'd', 'e']) addStop(doc, id, { name: id });
    const keyOf = (id: string) => orderedStops(doc).find((stop) => stop.id === id)!.pos;
    const [aKey, bKey] = [keyOf('a'), keyOf('b')];
    let transactions = 0;
    doc.on('afterTransaction', () => transactions++);

    expect(arrangeStops(doc, ['a', 'b', 'e', 'missing', 'c', 'd'])).toBe(true);

    expect(orderedStops(doc).map((stop) => stop.id)).toEqual(['a', 'b', 'e', 'c', 'd']);
    expect(transactions).toBe(1);
    expect([keyOf('a'), keyOf('b')]).toEqual([aKey, bKey]);
    expect(arrangeStops(doc, ['a', 'b', 'e', 'c', 'd'])).toBe(false);
  });

  it('arranges any order of any list, stops not named following in their order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 2 ** 31 }), (count, seed) => {
        const doc = new Y.Doc();
        const ids = Array.from({ length: count }, (_, index) => `s${index}`);
        for (const id of ids) addStop(doc, id, { name: id });
        const shuffled = fc.sample(fc.shuffledSubarray(ids, { minLength: count, maxLength: count }), { seed, numRuns: 1 })[0];
        const named = shuffled.slice(0, Math.ceil(count / 2));
        arrangeStops(doc, named);
        const rest = ids.filter((id) => !named.includes(id));
        expect(orderedStops(doc).map((stop) => stop.id)).toEqual([...named, ...rest]);
      }),
    );
  });

  it('keeps one stop when two replicas move the same stop at once', () => {
    const [left, right] = replicas(2);
    for (const id of ['a', 'b', 'c']) addStop(left, id, { name: id });
    syncAll([left, right]);
    moveStop(left, 'a', 2);
    moveStop(right, 'a', 1);
    syncAll([left, right]);
    expect(orderedStops(left)).toEqual(orderedStops(right));
    expect(orderedStops(left).map((stop) => stop.id).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps moving correctly when two replicas chose the same order key', () => {
    const [left, right] = replicas(2);
    for (const id of ['a', 'b']) addStop(left, id, { name: id });
    syncAll([left, right]);
    addStop(left, 'x', { name: 'x' }, 1);
    addStop(right, 'y', { name: 'y' }, 1);
    syncAll([left, right]);
    const tied = orderedStops(left).map((stop) => stop.id);
    moveStop(left, 'b', 2);
    expect(orderedStops(left).map((stop) => stop.id)).toEqual([tied[0], tied[1], 'b', tied[2]]);
  });

  it('converges with no lost or duplicated stop after random concurrent edits', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(20) }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(50), to: fc.nat(20) }),
      fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(50), name: fc.string({ minLength: 1, maxLength: 8 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(50) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.array(fc.array(fc.tuple(fc.nat(9), operation), { maxLength: 12 }), { minLength: 1, maxLength: 5 }),
        (count, rounds) => {
          const docs = replicas(count);
          const added = new Set<string>();
          const deleted = new Set<string>();
          let next = 0;
          for (const round of rounds) {
            for (const [replica, op] of round) {
              const doc = docs[replica % count];
              const ids = orderedStops(doc).map((stop) => stop.id);
              const target = ids[((op as { pick?: number }).pick ?? 0) % Math.max(ids.length, 1)];
              if (op.kind === 'add') {
                const id = `s${next++}`;
                added.add(id);
                addStop(doc, id, { name: id }, op.at);
              } else if (target && op.kind === 'move') moveStop(doc, target, op.to);
              else if (target && op.kind === 'rename') updateStop(doc, target, { name: op.name });
              else if (target && op.kind === 'delete') {
                deleted.add(target);
                deleteStop(doc, target);
              }
            }
            syncAll(docs);
          }
          const expected = [...added].filter((id) => !deleted.has(id)).sort();
          const first = orderedStops(docs[0]);
          expect(first.map((stop) => stop.id).sort()).toEqual(expected);
          for (const doc of docs) expect(orderedStops(doc)).toEqual(first);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('order keys stored before they were checked', () => {
  /** A document holding keys fractional-indexing refuses, written past every check (as an old live door let in). */
  function docWithBadKeys(): Y.Doc {
    const doc = new Y.Doc();
    for (const id of ['a', 'b', 'c']) addStop(doc, id, { name: id });
    stopsMap(doc).get('b')!.set('pos', 'zzz');
    addStop(doc, 'd', { name: 'd' });
    stopsMap(doc).get('d')!.set('pos', 'a00');
    return doc;
  }
  const order = (doc: Y.Doc) => orderedStops(doc).map((stop) => stop.id);

  it('tells the keys the library can place beside from the ones it refuses', () => {
    for (const key of ['a0', 'a1', 'Zz', 'b0V', 'a0V']) expect(isOrderKey(key)).toBe(true);
    for (const key of ['zzz', '', 'a', 'a00', 'a0!', 'a0é', `a${'V'.repeat(300)}0`, 'A00000000000000000000000000', 5, null]) {
      expect(isOrderKey(key)).toBe(false);
    }
  });

  it('still sorts, adds at the end, adds between, moves, appends and arranges, keeping the order shown', () => {
    const doc = docWithBadKeys();
    expect(order(doc)).toEqual(['a', 'd', 'c', 'b']);
    addStop(doc, 'e', { name: 'e' });
    expect(order(doc)).toEqual(['a', 'd', 'c', 'b', 'e']);
    addStop(doc, 'f', { name: 'f' }, 2);
    expect(order(doc)).toEqual(['a', 'd', 'f', 'c', 'b', 'e']);
    moveStop(doc, 'a', 3);
    expect(order(doc)).toEqual(['d', 'f', 'c', 'a', 'b', 'e']);
    appendStops(doc, [{ id: 'g', fields: { name: 'g' } }]);
    arrangeStops(doc, ['g']);
    expect(order(doc)).toEqual(['g', 'd', 'f', 'c', 'a', 'b', 'e']);
    expect(orderedStops(doc).every((stop) => isOrderKey(stop.pos))).toBe(true);
  });

  it('re-keys only the bad and tied keys, in the order readers show, and reports whether it did', () => {
    const doc = docWithBadKeys();
    const cKey = stopsMap(doc).get('c')!.get('pos');
    stopsMap(doc).get('a')!.set('pos', 7); // not even text: sorts first
    stopsMap(doc).set('e', recordMap({ name: 'e', pos: cKey })); // tied with c, as two replicas can pick one key at once
    const shown = order(doc);
    expect(shown).toEqual(['a', 'd', 'c', 'e', 'b']);

    expect(repairOrderKeys(doc)).toBe(true);

    expect(order(doc)).toEqual(shown);
    expect(stopsMap(doc).get('c')!.get('pos')).toBe(cKey);
    const keys = orderedStops(doc).map((stop) => stop.pos);
    expect(keys.every(isOrderKey)).toBe(true);
    expect(keys.every((key, index) => index === 0 || key > keys[index - 1])).toBe(true);
    expect(repairOrderKeys(doc)).toBe(false);
  });

  it('puts stops in a given order re-keying only those out of it, in one transaction', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (keys) => {
        const doc = new Y.Doc();
        appendStops(doc, keys.map((_, index) => ({ id: `s${index}`, fields: { name: `S${index}` } })));
        const wanted = keys.map((key, index) => ({ key, id: `s${index}` })).sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1)).map(({ id }) => id);
        const before = new Map(orderedStops(doc).map((stop) => [stop.id, stop.pos]));
        let transactions = 0;
        doc.on('afterTransaction', () => (transactions += 1));
        putStopsInOrder(doc, wanted);
        expect(orderedStops(doc).map((stop) => stop.id)).toEqual(wanted);
        expect(transactions).toBe(1);
        // The stops kept their keys but for the fewest: at least as many kept as a longest run already in order.
        const kept = orderedStops(doc).filter((stop) => before.get(stop.id) === stop.pos).length;
        const order = wanted.map((id) => Number(id.slice(1)));
        const best = order.map(() => 1);
        for (let i = 0; i < order.length; i++) for (let j = 0; j < i; j++) if (order[j] < order[i]) best[i] = Math.max(best[i], best[j] + 1);
        expect(kept).toBe(Math.max(...best));
      }),
    );
    const doc = new Y.Doc();
    appendStops(doc, ['a', 'b', 'c'].map((id) => ({ id, fields: { name: id } })));
    expect(putStopsInOrder(doc, ['a', 'b', 'c'])).toBe(false);
    expect(putStopsInOrder(doc, ['c', 'gone', 'a'])).toBe(true);
    // The named in that order; one not named keeps its key.
    expect(orderedStops(doc).map((stop) => stop.id)).toEqual(['b', 'c', 'a']);
  });
});
