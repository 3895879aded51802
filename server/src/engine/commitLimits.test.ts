/**
 * Limits held at the commit (engine/src/tripDocs/commitLimits.ts), with two hubs standing in for two collab
 * processes: each applies a member's batch to its own copy of the document, as the live door does, before either
 * knows of the other's; the second to commit catches up under the row lock and undoes what goes over.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { appendStops, COLLAB_LIMITS, pollsMap, readPoll, stopsMap, votesMap, voteKey, type DocPoll } from '@caravan/shared';
import { type ChangeOrigin, createDataSource, createLogger, serverOrigin, TripDocHub } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import { buildTrip, buildUser } from '../test/factories.ts';

let dataSource: DataSource;
let otherProcess: DataSource;
const logger = createLogger('silent');

beforeAll(async () => {
  const url = await createTestDatabase();
  dataSource = await createDataSource(url).initialize();
  otherProcess = await createDataSource(url).initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await otherProcess?.destroy();
});

const MAX = COLLAB_LIMITS.maxStopsPerTrip;

/** A connection's origin, as the collab server gives its batches. */
const connection = (userId: number): ChangeOrigin => ({ source: 'connection', connectionId: randomUUID(), userId });

/** Applies `edit` to the hub's live copy as a member's accepted update; the update bytes to persist. */
function memberEdit(doc: Y.Doc, origin: ChangeOrigin, edit: (doc: Y.Doc) => void): Uint8Array {
  const parts: Uint8Array[] = [];
  const capture = (update: Uint8Array) => parts.push(update);
  doc.on('update', capture);
  doc.transact(() => edit(doc), origin);
  doc.off('update', capture);
  return Y.mergeUpdates(parts);
}

const newStops = (count: number) => Array.from({ length: count }, (_, n) => ({ id: randomUUID(), fields: { name: `Stop ${n}` } }));

/** Two hubs over one database, the trip loaded in both; the trip holds `stops` stops (its first one included). */
async function twoProcesses(stops = 1) {
  const owner = await buildUser(dataSource);
  const trip = await buildTrip(dataSource, owner);
  const seeder = new TripDocHub(dataSource, logger);
  if (stops > 1) await seeder.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => appendStops(doc, newStops(stops - 1))));
  const first = new TripDocHub(dataSource, logger);
  const second = new TripDocHub(otherProcess, logger);
  return { owner, tripId: trip.id, seeder, first, second, a: (await first.open(trip.id))!, b: (await second.open(trip.id))! };
}

const storedStops = async (tripId: string) => stopsMap((await new TripDocHub(dataSource, logger).open(tripId))!.doc).size;

describe('limits held at the commit', () => {
  it('undoes the stops a second process committed past 1,000, and hands the undo over to send', async () => {
    const { owner, tripId, a, b, first, second } = await twoProcesses(MAX - 10);
    const origin = connection(owner.id);
    const mine = newStops(10);
    const theirs = newStops(10);
    const fromA = memberEdit(a.doc, origin, (doc) => appendStops(doc, mine));
    const fromB = memberEdit(b.doc, origin, (doc) => appendStops(doc, theirs));
    expect([stopsMap(a.doc).size, stopsMap(b.doc).size]).toEqual([MAX, MAX]);

    expect(await first.persist(tripId, fromA, origin)).toBeNull();
    const undo = await second.persist(tripId, fromB, origin);
    expect(undo).not.toBeNull();
    expect(stopsMap(b.doc).size).toBe(MAX);
    expect(theirs.some((stop) => stopsMap(b.doc).has(stop.id))).toBe(false);
    expect(await storedStops(tripId)).toBe(MAX);
    const rows = await dataSource.query(`SELECT count(*)::int AS n FROM stops WHERE trip_id = $1`, [tripId]);
    expect(rows[0].n).toBe(MAX);
    // The member of the second process gets the undo: their copy then matches what is stored.
    const member = new Y.Doc();
    Y.applyUpdate(member, Y.encodeStateAsUpdate(b.doc));
    expect(stopsMap(member).size).toBe(MAX);
    await first.catchUp(tripId);
    expect(stopsMap(a.doc).size).toBe(MAX);
  }, 60_000);

  it('puts a vote back as committed when the poll closed on the other process first', async () => {
    const { owner, tripId, a, b, first, second, seeder } = await twoProcesses();
    const voter = await buildUser(dataSource);
    const pollId = randomUUID();
    const poll: DocPoll = {
      question: 'Where?',
      options: ['North', 'South'],
      multiple: false,
      closesAt: null,
      createdBy: owner.id,
      createdAt: new Date().toISOString(),
      closedAt: null,
      closedBy: null,
    };
    const key = voteKey('poll', pollId, voter.id);
    await seeder.write(tripId, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() => {
        pollsMap(doc).set(pollId, poll);
        votesMap(doc).set(key, [0]);
      }),
    );
    await Promise.all([first.catchUp(tripId), second.catchUp(tripId)]);

    const close = memberEdit(a.doc, connection(owner.id), (doc) => pollsMap(doc).set(pollId, { ...poll, closedAt: new Date().toISOString(), closedBy: owner.id }));
    const origin = connection(voter.id);
    const vote = memberEdit(b.doc, origin, (doc) => votesMap(doc).set(key, [1]));
    await first.persist(tripId, close, connection(owner.id));
    expect(await second.persist(tripId, vote, origin)).not.toBeNull();

    expect(votesMap(b.doc).get(key)).toEqual([0]);
    const stored = (await new TripDocHub(dataSource, logger).open(tripId))!.doc;
    expect(readPoll(stored, pollId, voter.id)).toMatchObject({ open: false, results: { counts: [1, 0], mine: [0] } });
  }, 60_000);

  it('commits nothing more when the other process left room: no undo', async () => {
    const { owner, tripId, a, b, first, second } = await twoProcesses(MAX - 20);
    const origin = connection(owner.id);
    const fromA = memberEdit(a.doc, origin, (doc) => appendStops(doc, newStops(10)));
    const fromB = memberEdit(b.doc, origin, (doc) => appendStops(doc, newStops(10)));
    await first.persist(tripId, fromA, origin);
    expect(await second.persist(tripId, fromB, origin)).toBeNull();
    expect(await storedStops(tripId)).toBe(MAX);
  }, 60_000);

  it('keeps an undo whose commit failed, and appends it with the retry', async () => {
    const { owner, tripId, a, b, first, second } = await twoProcesses(MAX - 5);
    const origin = connection(owner.id);
    const fromA = memberEdit(a.doc, origin, (doc) => appendStops(doc, newStops(5)));
    const theirs = newStops(5);
    const fromB = memberEdit(b.doc, origin, (doc) => appendStops(doc, theirs));
    await first.persist(tripId, fromA, origin);
    const failing = vi.spyOn(second as unknown as { append: () => Promise<never> }, 'append').mockRejectedValueOnce(new Error('connection lost'));
    await expect(second.persist(tripId, fromB, origin)).rejects.toThrow('connection lost');
    failing.mockRestore();
    // The undo is in the live copy already; the retry (the write queue sends the same batch again) commits it.
    expect(theirs.some((stop) => stopsMap(b.doc).has(stop.id))).toBe(false);
    expect(await second.persist(tripId, fromB, origin)).not.toBeNull();
    expect(await storedStops(tripId)).toBe(MAX);
  }, 60_000);
});
