import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MONEY_ENTRIES_MAX, TRIP_PARTS, applyKeyWrites, checklistWrites, decisionWrites, expensesMap, judgeWrites, moneyWrites, pollsMap } from '../parts/index.ts';
import { commentsMap, metaMap, recordMap, stopsMap, suggestionsMap } from '../tripDoc/access.ts';
import { addStop, appendStops, deleteStop, moveStop, orderedStops, putStopsInOrder, updateStop } from '../tripDoc/stops.ts';
import { renameInKey, renameInValue } from './renamedIds.ts';
import { applyRestorePlan, planRestore, versionHolds, type RestorePlan } from './restorePlan.ts';
import { restoreWritesRefusal } from './restoreLimits.ts';
import { MEMBERS, NOW, OTHER, OWNER, applyEdit, changing, edit, idMaker, making, stopContents, storedStops, type Edit } from './testing/randomEdits.ts';
import { copyDoc } from './testing/tripLog.ts';

const PART_ROOTS = TRIP_PARTS.flatMap((part) => part.roots);
const owner = { role: 'owner' as const, userId: OWNER, members: MEMBERS };

/** Each part root's entries as `doc` holds them, keys and values renamed as a restore renames what it brings back. */
function partContents(doc: Y.Doc, newIds: Record<string, string> = {}): Record<string, Record<string, unknown>> {
  const renames = new Map(Object.entries(newIds));
  return Object.fromEntries(
    PART_ROOTS.map((root) => [
      root,
      Object.fromEntries([...doc.getMap<unknown>(root).entries()].map(([key, value]) => [renameInKey(key, renames), renameInValue(value, renames)])),
    ]),
  );
}

/** A trip edited, a version taken, and edited further; `startsPolls` after the version too. */
function editedTrip(before: readonly Edit[], after: readonly Edit[], startsPolls = false) {
  const live = new Y.Doc();
  const newId = idMaker(1);
  for (const step of before) applyEdit(live, step, newId, true);
  const version = copyDoc(live);
  for (const step of after) applyEdit(live, step, newId, startsPolls);
  return { live, version, newId: idMaker(1_000_000) };
}

/** Holds the plan's key writes to what a restore is held to, applies it, and answers the refusal (null: none). */
function restore(live: Y.Doc, plan: RestorePlan): string | null {
  const refusal = restoreWritesRefusal(live, plan.keyWrites);
  applyRestorePlan(live, plan);
  return refusal;
}

const edits = fc.oneof(fc.array(edit, { maxLength: 40, size: 'medium' }), fc.array(changing, { maxLength: 40, size: 'medium' }));
const makings = fc.array(making, { maxLength: 50, size: 'medium' });

describe('restoring a version', () => {
  it('makes the live trip hold the version again, stops in order and every part, in key writes the owner may make', () => {
    fc.assert(
      fc.property(makings, edits, (before, after) => {
        const { live, version, newId } = editedTrip(before, after);
        const plan = planRestore(live, version, { whole: true }, newId);
        expect(restore(live, plan)).toBeNull();
        expect(stopContents(live)).toEqual(stopContents(version));
        expect(partContents(live)).toEqual(partContents(version, plan.newIds));
        // What comes back is named by its new id: every item is in a live list, every expense's stop live (or as dangling as in the version).
        for (const item of live.getMap<{ listId: string }>('checklistItems').values()) expect(live.getMap('checklists').has(item.listId)).toBe(true);
        for (const { stopId } of live.getMap<{ stopId: string | null }>('expenses').values()) {
          if (stopId !== null) expect(stopsMap(live).has(stopId) || !stopsMap(version).has(stopId)).toBe(true);
        }
        // Nothing comes back under an id the live document deleted.
        for (const id of Object.values(plan.newIds)) expect(id.startsWith('00000000-0000-4000-8000-0000000f')).toBe(true);
        // Restoring again changes nothing.
        const again = planRestore(live, copyDoc(live), { whole: true }, newId);
        expect(again).toMatchObject({ removeStops: [], addStops: [], updateStops: [], keyWrites: [] });
      }),
      { numRuns: 150 },
    );
  });

  it('brings one stop back as the version held it, in its place after the stop before it, and touches no other stop or entry', () => {
    fc.assert(
      fc.property(makings, edits, fc.nat(), (before, after, at) => {
        const { live, version, newId } = editedTrip(before, after);
        const versionStops = orderedStops(version);
        fc.pre(versionStops.length > 0);
        const target = versionStops[at % versionStops.length];
        const [othersBefore, partsBefore] = [storedStops(live), partContents(live)];
        const plan = planRestore(live, version, { stopId: target.id }, newId);
        expect(plan.keyWrites).toEqual([]);
        applyRestorePlan(live, plan);

        const id = plan.newIds[target.id] ?? target.id;
        const { id: _id, pos: _pos, driveLeg: _leg, ...wanted } = target;
        const { id: _id2, pos: _pos2, driveLeg: _leg2, ...got } = orderedStops(live).find((stop) => stop.id === id)!;
        expect(got).toEqual(wanted);
        const { [id]: _restored, ...others } = storedStops(live);
        const { [id]: _was, ...othersWere } = othersBefore;
        expect(others).toEqual(othersWere);
        expect(partContents(live)).toEqual(partsBefore);
        // Right after the nearest stop before it in the version that is still there.
        const liveOrder = orderedStops(live).map((stop) => stop.id);
        const versionOrder = versionStops.map((stop) => stop.id);
        const previous = versionOrder.slice(0, at % versionStops.length).reverse().find((other) => liveOrder.includes(other) && other !== id);
        if (previous) expect(liveOrder[liveOrder.indexOf(previous) + 1]).toBe(id);
      }),
      { numRuns: 100 },
    );
  });

  it('brings one entry back as the version held it and touches nothing else (an item with its tick)', () => {
    fc.assert(
      fc.property(makings, edits, fc.nat(), (before, after, at) => {
        const { live, version, newId } = editedTrip(before, after);
        const entries = PART_ROOTS.flatMap((root) => [...version.getMap<unknown>(root).keys()].map((key) => ({ root, key })));
        fc.pre(entries.length > 0);
        const target = entries[at % entries.length];
        const stopsBefore = storedStops(live);
        const partsBefore = partContents(live);
        const plan = planRestore(live, version, target, newId);
        expect(restore(live, plan)).toBeNull();

        const renames = new Map(Object.entries(plan.newIds));
        const key = renameInKey(target.key, renames);
        expect(live.getMap<unknown>(target.root).get(key)).toEqual(renameInValue(version.getMap<unknown>(target.root).get(target.key), renames));
        expect(storedStops(live)).toEqual(stopsBefore);
        // Everything else as it was: the entry, its tick and a list brought back with an item are the only keys written.
        const written = new Set(plan.keyWrites.map((write) => `${write.root}:${write.key}`));
        const partsAfter = partContents(live);
        for (const root of PART_ROOTS) {
          for (const [entryKey, value] of Object.entries(partsBefore[root])) if (!written.has(`${root}:${entryKey}`)) expect(partsAfter[root][entryKey]).toEqual(value);
        }
        expect(plan.keyWrites.every((write) => write.key === key || write.root === 'checklists' || (write.root === 'checklistDone' && write.key === key))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('renames every reference to what comes back: an item to its list, a tick to its item, an expense to its stop, a vote to its poll', () => {
    const live = new Y.Doc();
    const [stop, list, item, expense, poll] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000005'];
    addStop(live, stop, { name: 'Astoria' });
    live.transact(() =>
      applyKeyWrites(live, [
        ...checklistWrites.createList(list, 'Packing', { userId: OWNER, now: NOW }),
        ...checklistWrites.addItem(live, item, { listId: list, text: 'Tent', assignee: null, dueDate: null }, { userId: OWNER, now: NOW }),
        ...checklistWrites.setDone(item, true),
        ...moneyWrites.addExpense(live, expense, { description: 'Fuel', amount: 4000, currency: 'EUR', paidBy: OWNER, date: '2026-06-01', category: 'fuel', stopId: stop, receiptPhoto: null, split: { kind: 'equal', parts: [{ userId: OWNER, value: 1 }] }, rate: null }, { userId: OWNER, now: NOW }),
        ...decisionWrites.startPoll(poll, { question: 'Where?', options: ['A', 'B'], multiple: false, closesAt: null }, { userId: OWNER, now: NOW }),
        ...decisionWrites.votePoll(poll, [1], OWNER),
      ]),
    );
    const version = copyDoc(live);
    deleteStop(live, stop);
    live.transact(() => applyKeyWrites(live, [...checklistWrites.deleteList(live, list), ...moneyWrites.deleteExpense(expense), { root: 'polls', key: poll, value: undefined }, ...decisionWrites.takeBackVote('poll', poll, OWNER)]));

    let next = 100;
    const plan = planRestore(live, version, { whole: true }, () => `00000000-0000-4000-8000-000000000${next++}`);
    expect(plan.newIds).toEqual({
      [stop]: '00000000-0000-4000-8000-000000000100',
      [list]: '00000000-0000-4000-8000-000000000101',
      [item]: '00000000-0000-4000-8000-000000000102',
      [poll]: '00000000-0000-4000-8000-000000000103',
      [expense]: '00000000-0000-4000-8000-000000000104',
    });
    // A poll the server deleted (past the limit) is started again as the owner's: the judge takes it.
    expect(restore(live, plan)).toBeNull();
    const n = plan.newIds;
    expect(live.getMap('checklistItems').get(n[item])).toMatchObject({ listId: n[list], text: 'Tent' });
    expect(live.getMap('checklistDone').get(n[item])).toBe(true);
    expect(live.getMap('expenses').get(n[expense])).toMatchObject({ stopId: n[stop] });
    expect(live.getMap('votes').get(`poll:${n[poll]}:${OWNER}`)).toEqual([1]);
    expect(orderedStops(live).map((s) => [s.id, s.name])).toEqual([[n[stop], 'Astoria']]);
  });

  it('restores content only: suggestions, comments, activity, meta and drive legs stay as they are', () => {
    const live = new Y.Doc();
    addStop(live, 's1', { name: 'Astoria' });
    const version = copyDoc(live);
    stopsMap(live).get('s1')!.set('driveLeg', null);
    metaMap(live).set('title', 'Coast');
    suggestionsMap(live).set('g1', recordMap({ name: 'Pier' }));
    commentsMap(live).set('c1', recordMap({ stopId: 's1', content: 'Nice' }));
    updateStop(live, 's1', { notes: 'Ferry' });
    const plan = planRestore(live, version, { whole: true }, idMaker(50));
    applyRestorePlan(live, plan);
    expect(plan.updateStops).toEqual([{ id: 's1', fields: { notes: null } }]);
    expect(metaMap(live).get('title')).toBe('Coast');
    expect(suggestionsMap(live).has('g1')).toBe(true);
    expect(commentsMap(live).has('c1')).toBe(true);
    expect(stopsMap(live).get('s1')!.has('driveLeg')).toBe(true);
  });

  it('writes the whole restore as one transaction (one change for everyone, one Undo), and nothing for what the version does not hold', () => {
    const live = new Y.Doc();
    appendStops(live, ['a', 'b', 'c', 'd'].map((id) => ({ id, fields: { name: id.toUpperCase() } })));
    const version = copyDoc(live);
    deleteStop(live, 'b');
    moveStop(live, 'd', 0);
    updateStop(live, 'a', { name: 'Astoria' });
    let transactions = 0;
    live.on('afterTransaction', () => (transactions += 1));
    applyRestorePlan(live, planRestore(live, version, { whole: true }, idMaker(70)));
    expect(transactions).toBe(1);
    expect(orderedStops(live).map((stop) => stop.name)).toEqual(['A', 'B', 'C', 'D']);

    expect(versionHolds(version, { stopId: 'zz' })).toBe(false);
    expect(versionHolds(version, { root: 'meta', key: 'title' })).toBe(false);
    expect(planRestore(live, version, { root: 'expenses', key: 'nope' }, idMaker(80))).toMatchObject({ keyWrites: [], addStops: [], order: null });
  });

  it("brings back another member's entries as they wrote them, which the judge would refuse as the restorer's own writes", () => {
    const live = new Y.Doc();
    const [expense, poll, late] = ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000013'];
    const ana = { userId: OTHER, now: NOW };
    live.transact(() =>
      applyKeyWrites(live, [
        ...moneyWrites.addExpense(live, expense, { description: 'Fuel', amount: 4000, currency: 'EUR', paidBy: OTHER, date: '2026-06-01', category: 'fuel', stopId: null, receiptPhoto: null, split: { kind: 'equal', parts: [{ userId: OTHER, value: 1 }] }, rate: null }, ana),
        ...decisionWrites.startPoll(poll, { question: 'Where?', options: ['A', 'B'], multiple: false, closesAt: null }, ana),
        ...decisionWrites.votePoll(poll, [0], OTHER),
      ]),
    );
    const version = copyDoc(live);
    live.transact(() => applyKeyWrites(live, [...moneyWrites.deleteExpense(expense), ...decisionWrites.takeBackVote('poll', poll, OTHER)]));
    live.transact(() => applyKeyWrites(live, decisionWrites.startPoll(late, { question: 'When?', options: ['Now', 'Later'], multiple: false, closesAt: null }, ana)));
    const plan = (target: Parameters<typeof planRestore>[2]) => planRestore(live, version, target, idMaker(90));
    // As the owner's own writes, the judge refuses them.
    expect(judgeWrites(live, plan({ root: 'expenses', key: expense }).keyWrites, owner, NOW).refusal).not.toBeNull();
    expect(judgeWrites(live, plan({ root: 'votes', key: `poll:${poll}:${OTHER}` }).keyWrites, owner, NOW).refusal).toBe("another member's vote");
    expect(judgeWrites(live, plan({ whole: true }).keyWrites, owner, NOW).refusal).not.toBeNull();

    const whole = plan({ whole: true });
    expect(restore(live, whole)).toBeNull();
    const [comeBack] = [...expensesMap(live).values()];
    expect(comeBack).toMatchObject({ description: 'Fuel', createdBy: OTHER, paidBy: OTHER });
    expect(live.getMap('votes').get(`poll:${poll}:${OTHER}`)).toEqual([0]);
    expect(pollsMap(live).has(late)).toBe(false);
  });

  it('brings back no single entry past a limit the trip has reached since, and always lets a restore shrink a root', () => {
    const live = new Y.Doc();
    const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    const fuel = (n: number) =>
      moneyWrites.addExpense(live, id(n), { description: `Fuel ${n}`, amount: 100, currency: 'EUR', paidBy: OWNER, date: '2026-06-01', category: 'fuel', stopId: null, receiptPhoto: null, split: { kind: 'equal', parts: [{ userId: OWNER, value: 1 }] }, rate: null }, { userId: OWNER, now: NOW });
    live.transact(() => applyKeyWrites(live, fuel(0)));
    const version = copyDoc(live);
    live.transact(() => applyKeyWrites(live, moneyWrites.deleteExpense(id(0))));
    live.transact(() => applyKeyWrites(live, Array.from({ length: MONEY_ENTRIES_MAX }, (_, n) => fuel(n + 1)).flat()));
    expect(restoreWritesRefusal(live, planRestore(live, version, { root: 'expenses', key: id(0) }, idMaker(1_000_000)).keyWrites)).toBe('too many expenses');
    expect(restoreWritesRefusal(live, planRestore(live, version, { whole: true }, idMaker(1_000_000)).keyWrites)).toBeNull();
    expect(restoreWritesRefusal(live, [{ root: 'nope', key: 'x', value: 1 }])).toMatch(/no part owns/);
  });

  // How fast is bench:history's to say (restore ≤ 1 s end to end), not a test's on a shared machine.
  it('plans and writes the restore of a 500-stop trip, every stop reordered', () => {
    const live = new Y.Doc();
    const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    appendStops(live, Array.from({ length: 500 }, (_, index) => ({ id: id(index), fields: { name: `Stop ${index}`, latitude: 40 + index / 100, longitude: -120 } })));
    const version = copyDoc(live);
    putStopsInOrder(live, orderedStops(live).map((stop) => stop.id).reverse());
    for (let index = 0; index < 50; index++) deleteStop(live, id(index * 7));
    for (let index = 0; index < 50; index++) addStop(live, id(10_000 + index), { name: `New ${index}` }, index * 3);
    for (let index = 0; index < 100; index++) updateStop(live, id(index * 5 + 1), { notes: `note ${index}` });

    applyRestorePlan(live, planRestore(live, version, { whole: true }, idMaker(1_000_000)));
    expect(stopContents(live)).toEqual(stopContents(version));
  });
});
