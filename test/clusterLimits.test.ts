/**
 * Limits, "closed" and who may write what, with two collab processes holding one trip (a failover window, or a
 * client on a stale route): each checks a member's update against its own copy, so the commit checks it again
 * against what is committed, under the trip's lock (engine/src/tripDocs/commitLimits.ts). To make both processes
 * take their member's update before either learns of the other's, the test holds the trip's row lock meanwhile
 * (nothing commits, so nothing is told), and sees each update taken by another member on the same process.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import {
  COLLAB_CLOSE,
  COLLAB_LIMITS,
  MAX_CHECKLISTS,
  MAX_CHECKLIST_ITEMS,
  MAX_POLLS,
  MONEY_ENTRIES_MAX,
  appendStops,
  checklistItemsMap,
  checklistsMap,
  expensesMap,
  orderedStops,
  paymentsMap,
  pollsMap,
  readPoll,
  stopsMap,
  votesMap,
  voteKey,
  type DocChecklist,
  type DocChecklistItem,
  type DocExpense,
  type DocPayment,
  type DocPoll,
} from '@caravan/shared';
import { createLogger, serverOrigin, TripDocHub, type User } from '@caravan/engine';
import { waitFor, type TestClient } from '@caravan/collab-server/test';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { useCluster } from './cluster.ts';

const cluster = useCluster({ collab: 2, api: 0 });

async function tripWith(roles: Array<'editor' | 'viewer'>) {
  const owner = await buildUser(cluster.dataSource);
  const trip = await buildTrip(cluster.dataSource, owner);
  const members: User[] = [];
  for (const role of roles) {
    const user = await buildUser(cluster.dataSource);
    await addMember(cluster.dataSource, trip, user, role);
    members.push(user);
  }
  return { owner, tripId: trip.id, members };
}

/** Writes `change` into the trip's document as the REST door does, from a hub of the test's own. */
async function seed(tripId: string, userId: number, change: (doc: Y.Doc) => void): Promise<void> {
  const hub = new TripDocHub(cluster.dataSource, createLogger('silent'));
  await hub.write(tripId, serverOrigin(userId), ({ doc, transact }) => transact(() => change(doc)));
  hub.unload(tripId);
}

/** The trip's document as a fresh process loads it from PostgreSQL; `read` sees it before it is let go. */
async function stored<T>(tripId: string, read: (doc: Y.Doc) => T): Promise<T> {
  const hub = new TripDocHub(cluster.dataSource, createLogger('silent'));
  try {
    return read((await hub.open(tripId))!.doc);
  } finally {
    hub.unload(tripId);
  }
}

const waitingOnLocks = async () =>
  Number((await cluster.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n);

/** A member's edit on one process, and how another member on that process sees that the process took it. */
interface Racer {
  edit: () => void;
  taken: () => boolean;
}

/**
 * Holds the trip's row lock while each racer edits, in turn, until its process took the edit: each is applied
 * against a copy that knows none of the others. `ordered`: each commit is waiting on the lock before the next
 * racer edits, so they commit in turn once it goes (PostgreSQL queues a row's waiters); otherwise in any order.
 */
async function racing(tripId: string, racers: Racer[], ordered = false): Promise<void> {
  const runner = cluster.dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  try {
    await runner.query(`SELECT 1 FROM trip_docs WHERE trip_id = $1 FOR UPDATE`, [tripId]);
    for (const [index, { edit, taken }] of racers.entries()) {
      edit();
      await waitFor(taken, 20_000, 'the process to take the edit');
      if (ordered) await expect.poll(waitingOnLocks, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(index + 1);
    }
  } finally {
    await runner.commitTransaction();
    await runner.release();
  }
}

/**
 * `users[i]`'s client on collab process i, both holding the trip, and on each process a watcher (the owner again)
 * that sees what that process took.
 */
async function onBoth(tripId: string, users: [User, User], watcher: User) {
  const [first, second] = await Promise.all(users.map((user, index) => cluster.connectTo(cluster.collabUrls[index], tripId, user)));
  const watchers = await Promise.all(cluster.collabUrls.map((url) => cluster.connectTo(url, tripId, watcher)));
  return { first, second, watchers };
}

const newStops = (count: number, name: string) => Array.from({ length: count }, (_, n) => ({ id: randomUUID(), fields: { name: `${name} ${n}` } }));
const ids = (count: number) => Array.from({ length: count }, () => randomUUID());
const now = () => new Date().toISOString();

describe('two collab processes holding one trip', () => {
  it('never leave more than 1,000 stops when members on both add the last ones at once: the later commit undoes its excess', async () => {
    const { owner, tripId, members } = await tripWith(['editor']);
    // The trip's first stop and 989 more: ten short of full.
    await seed(tripId, owner.id, (doc) => appendStops(doc, newStops(COLLAB_LIMITS.maxStopsPerTrip - 11, 'Seeded')));
    const { first, second, watchers } = await onBoth(tripId, [owner, members[0]], owner);
    const firstStops = newStops(10, 'First');
    const secondStops = newStops(10, 'Second');

    await racing(tripId, [
      { edit: () => appendStops(first.doc, firstStops), taken: () => stopsMap(watchers[0].doc).has(firstStops[9].id) },
      { edit: () => appendStops(second.doc, secondStops), taken: () => stopsMap(watchers[1].doc).has(secondStops[9].id) },
    ]);
    await Promise.all([first.saved(20_000), second.saved(20_000)]);

    const max = COLLAB_LIMITS.maxStopsPerTrip;
    expect(await stored(tripId, (doc) => stopsMap(doc).size)).toBe(max);
    await waitFor(() => [first, second, ...watchers].every((client) => stopsMap(client.doc).size === max), 10_000, 'every member to hold 1,000 stops');
    // One member's ten came first and stay; the other's went over, and all ten are undone.
    const kept = new Set(orderedStops(first.doc).map((stop) => stop.id));
    const keptOf = (stops: Array<{ id: string }>) => stops.filter((stop) => kept.has(stop.id)).length;
    expect([keptOf(firstStops), keptOf(secondStops)].sort()).toEqual([0, 10]);
    expect(orderedStops(second.doc)).toEqual(orderedStops(first.doc));
    // Both members were taken (neither socket refused), so only the commit held the limit.
    expect([first.closes, second.closes]).toEqual([[], []]);
    const rows = await cluster.dataSource.query(`SELECT count(*)::int AS n FROM stops WHERE trip_id = $1`, [tripId]);
    expect(rows[0].n).toBe(max);
  }, 60_000);

  it('undoes a vote counted on one process after the poll closed on the other', async () => {
    const { owner, tripId, members } = await tripWith(['viewer']);
    const [vera] = members;
    const pollId = randomUUID();
    const poll: DocPoll = {
      question: 'Where do we sleep?',
      options: ['Big Sur', 'Carmel'],
      multiple: false,
      closesAt: null,
      createdBy: owner.id,
      createdAt: now(),
      closedAt: null,
      closedBy: null,
    };
    await seed(tripId, owner.id, (doc) => pollsMap(doc).set(pollId, poll));
    const { first: closer, second: voter, watchers } = await onBoth(tripId, [owner, vera], owner);
    const key = voteKey('poll', pollId, vera.id);

    // The close commits first, then the vote the other process counted while the poll was open there.
    await racing(
      tripId,
      [
        {
          edit: () => pollsMap(closer.doc).set(pollId, { ...poll, closedAt: now(), closedBy: owner.id }),
          taken: () => readPoll(watchers[0].doc, pollId, owner.id)?.open === false,
        },
        { edit: () => votesMap(voter.doc).set(key, [1]), taken: () => votesMap(watchers[1].doc).has(key) },
      ],
      true,
    );
    await Promise.all([closer.saved(20_000), voter.saved(20_000)]);

    expect(await stored(tripId, (doc) => readPoll(doc, pollId, vera.id))).toMatchObject({ open: false, results: { voters: 0, counts: [0, 0] } });
    await waitFor(
      () => [closer, voter, ...watchers].every((client) => !votesMap(client.doc).has(key) && readPoll(client.doc, pollId, owner.id)?.open === false),
      10_000,
      'the late vote to be undone for every member',
    );
    expect(voter.closes).toEqual([]);
  }, 60_000);

  it('holds every other count of the document: lists, items, polls, expenses and payments', async () => {
    const { owner, tripId, members } = await tripWith(['editor']);
    const [eddie] = members;
    const listId = randomUUID();
    const list = (createdBy: number): DocChecklist => ({ title: 'Packing', createdBy, createdAt: now() });
    const item = (createdBy: number, n: number): DocChecklistItem => ({ listId, text: `Item ${n}`, pos: 'a1', assignee: null, dueDate: null, createdBy, createdAt: now() });
    const poll = (createdBy: number): DocPoll => ({ question: 'Which?', options: ['A', 'B'], multiple: false, closesAt: null, createdBy, createdAt: now(), closedAt: null, closedBy: null });
    const expense = (by: number): Omit<DocExpense, 'id'> => ({
      description: 'Fuel',
      amount: 100,
      currency: 'EUR',
      paidBy: by,
      createdBy: by,
      date: '2026-05-01',
      category: 'fuel',
      stopId: null,
      receiptPhoto: null,
      split: { kind: 'equal', parts: [{ userId: owner.id, value: 1 }, { userId: eddie.id, value: 1 }] },
      rate: null,
      rateTo: null,
      createdAt: now(),
    });
    const payment = (from: number, to: number): Omit<DocPayment, 'id'> => ({ from, to, amount: 100, currency: 'EUR', date: '2026-05-01', createdBy: from, createdAt: now() });
    const SPARE = 3;
    await seed(tripId, owner.id, (doc) => {
      checklistsMap(doc).set(listId, list(owner.id));
      for (const id of ids(MAX_CHECKLISTS - SPARE - 1)) checklistsMap(doc).set(id, list(owner.id));
      ids(MAX_CHECKLIST_ITEMS - SPARE).forEach((id, n) => checklistItemsMap(doc).set(id, item(owner.id, n)));
      for (const id of ids(MAX_POLLS - SPARE)) pollsMap(doc).set(id, poll(owner.id));
      for (const id of ids(MONEY_ENTRIES_MAX - SPARE)) expensesMap(doc).set(id, expense(owner.id));
      for (const id of ids(MONEY_ENTRIES_MAX - SPARE)) paymentsMap(doc).set(id, payment(owner.id, eddie.id));
    });
    const { first, second, watchers } = await onBoth(tripId, [owner, eddie], owner);
    const addAll = (client: TestClient, user: User, other: User, watcher: TestClient): Racer => {
      const last = randomUUID();
      return {
        edit: () =>
          client.doc.transact(() => {
            for (const id of ids(SPARE)) checklistsMap(client.doc).set(id, list(user.id));
            ids(SPARE).forEach((id, n) => checklistItemsMap(client.doc).set(id, item(user.id, 900 + n)));
            for (const id of ids(SPARE)) pollsMap(client.doc).set(id, poll(user.id));
            for (const id of ids(SPARE)) expensesMap(client.doc).set(id, expense(user.id));
            for (const id of [...ids(SPARE - 1), last]) paymentsMap(client.doc).set(id, payment(user.id, other.id));
          }),
        taken: () => paymentsMap(watcher.doc).has(last),
      };
    };

    await racing(tripId, [addAll(first, owner, eddie, watchers[0]), addAll(second, eddie, owner, watchers[1])]);
    await Promise.all([first.saved(20_000), second.saved(20_000)]);

    const counts = (doc: Y.Doc) => [checklistsMap(doc).size, checklistItemsMap(doc).size, pollsMap(doc).size, expensesMap(doc).size, paymentsMap(doc).size];
    const limits = [MAX_CHECKLISTS, MAX_CHECKLIST_ITEMS, MAX_POLLS, MONEY_ENTRIES_MAX, MONEY_ENTRIES_MAX];
    expect(await stored(tripId, counts)).toEqual(limits);
    await waitFor(
      () => [first, second, ...watchers].every((client) => JSON.stringify(counts(client.doc)) === JSON.stringify(limits)),
      10_000,
      'every member to hold the limits',
    );
    expect([first.closes, second.closes]).toEqual([[], []]);
  }, 60_000);

  it('never brings back a list deleted on the other process, nor keeps an item written into it', async () => {
    const { owner, tripId, members } = await tripWith(['editor']);
    const [eddie] = members;
    const listId = randomUUID();
    const list: DocChecklist = { title: 'Packing', createdBy: owner.id, createdAt: now() };
    await seed(tripId, owner.id, (doc) => checklistsMap(doc).set(listId, list));
    const { first: deleter, second: editor, watchers } = await onBoth(tripId, [owner, eddie], owner);
    const itemId = randomUUID();

    // The delete commits first, then the edit the other process took while the list was there.
    await racing(
      tripId,
      [
        { edit: () => checklistsMap(deleter.doc).delete(listId), taken: () => !checklistsMap(watchers[0].doc).has(listId) },
        {
          edit: () =>
            editor.doc.transact(() => {
              checklistsMap(editor.doc).set(listId, { ...list, title: 'Renamed meanwhile' });
              checklistItemsMap(editor.doc).set(itemId, { listId, text: 'Tent', pos: 'a0', assignee: null, dueDate: null, createdBy: eddie.id, createdAt: now() });
            }),
          taken: () => checklistItemsMap(watchers[1].doc).has(itemId),
        },
      ],
      true,
    );
    await Promise.all([deleter.saved(20_000), editor.saved(20_000)]);

    expect(await stored(tripId, (doc) => [checklistsMap(doc).size, checklistItemsMap(doc).size])).toEqual([0, 0]);
    await waitFor(
      () => [deleter, editor, ...watchers].every((client) => checklistsMap(client.doc).size === 0 && checklistItemsMap(client.doc).size === 0),
      10_000,
      'every member to hold no list',
    );
    expect(editor.closes).toEqual([]);
  }, 60_000);

  it("holds each member's role on both processes: a viewer's stop dropped, an owner-only field refused, strangers and removed members shut out", async () => {
    const { owner, tripId, members } = await tripWith(['viewer', 'editor']);
    const [vera, eddie] = members;
    const [ownerClient, viewer] = await Promise.all([owner, vera].map((user, index) => cluster.connectTo(cluster.collabUrls[index], tripId, user)));
    const editor = await cluster.connectTo(cluster.collabUrls[1], tripId, eddie);

    appendStops(viewer.doc, newStops(1, 'Viewer'));
    const [ownerStop] = newStops(1, 'Owner');
    appendStops(ownerClient.doc, [ownerStop]);
    await ownerClient.saved();
    await waitFor(() => stopsMap(editor.doc).has(ownerStop.id), 5000, "the owner's stop to reach the other process");
    expect(await stored(tripId, (doc) => orderedStops(doc).map((stop) => stop.name))).toEqual(['San Francisco', 'Owner 0']);

    stopsMap(editor.doc).get(ownerStop.id)!.set('visited', true);
    await waitFor(() => editor.closes.length > 0, 5000, "the editor's socket to be refused");
    expect(editor.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
    expect(await stored(tripId, (doc) => orderedStops(doc).find((stop) => stop.id === ownerStop.id)?.visited)).toBe(false);

    const stranger = await buildUser(cluster.dataSource);
    for (const url of cluster.collabUrls) {
      const outsider = await cluster.connectTo(url, tripId, stranger, false);
      await waitFor(() => outsider.closes.length > 0, 5000, 'the stranger to be shut out');
      expect(outsider.closes[0].code).toBe(COLLAB_CLOSE.notFound);
      expect(stopsMap(outsider.doc).size).toBe(0);
      outsider.destroy();
    }

    // Removed while connected to the process that does not hold the trip's other members.
    await cluster.dataSource.query(`DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [tripId, vera.id]);
    await waitFor(() => viewer.closes.some((close) => close.code === COLLAB_CLOSE.accessRevoked), 5000, 'the removed viewer to be disconnected');
  }, 60_000);
});
