import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { addStop, deleteStop, orderedStops, recordMap, activityArray, updateStop } from '@caravan/shared';
import {
  AppendGroup,
  type ChangeOrigin,
  createDataSource,
  createLogger,
  type CurrentAppend,
  pgPool,
  recordActivity,
  serverOrigin,
  TripDocHub,
} from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '../test/factories.ts';
import { createTestDatabase } from '@caravan/engine/test';

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

async function newTrip() {
  const owner = await buildUser(dataSource);
  return { owner, trip: await buildTrip(dataSource, owner) };
}

/** A server write that adds a stop named `name` at the end of the trip. */
const addStopAsServer = (hub: TripDocHub, tripId: string, userId: number, name: string) =>
  hub.write(tripId, serverOrigin(userId), ({ doc, transact }) => transact(() => addStop(doc, randomUUID(), { name })));

const stopRows = (tripId: string) =>
  dataSource.query(`SELECT id, name, stop_order FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);

describe('trip document hub', () => {
  it('builds a trip\'s first document from its rows, once', async () => {
    const { trip } = await newTrip();
    const [first, second] = await Promise.all([
      new TripDocHub(dataSource, logger).open(trip.id),
      new TripDocHub(otherProcess, logger).open(trip.id),
    ]);
    expect(orderedStops(first!.doc).map((stop) => stop.name)).toEqual(['San Francisco']);
    expect(Y.encodeStateAsUpdate(second!.doc)).toEqual(Y.encodeStateAsUpdate(first!.doc));
    const docs = await dataSource.query(`SELECT count(*)::int AS count FROM trip_docs WHERE trip_id = $1`, [trip.id]);
    expect(docs[0].count).toBe(1);
    expect(await new TripDocHub(dataSource, logger).open(randomUUID())).toBeNull();
  });

  it('commits a server write to the log and the projection in one transaction', async () => {
    const { owner, trip } = await newTrip();
    const hub = new TripDocHub(dataSource, logger);
    const stopId = randomUUID();
    await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() => {
        addStop(doc, stopId, { name: 'Monterey', latitude: 36.6, longitude: -121.9 }, 0);
        activityArray(doc).push([recordMap({ id: randomUUID(), activityType: 'stop_added', activityData: { stopName: 'Monterey' }, userId: owner.id, displayName: 'x', avatarUrl: null, createdAt: new Date().toISOString() })]);
      }),
    );
    expect(await stopRows(trip.id)).toMatchObject([
      { id: stopId, name: 'Monterey', stop_order: 0 },
      { name: 'San Francisco', stop_order: 1 },
    ]);
    const log = await dataSource.query(`SELECT origin, user_id FROM trip_doc_updates WHERE trip_id = $1`, [trip.id]);
    expect(log).toEqual([{ origin: 'server', user_id: owner.id }]);
    const activity = await dataSource.query(`SELECT activity_type FROM activities WHERE trip_id = $1`, [trip.id]);
    expect(activity).toEqual([{ activity_type: 'stop_added' }]);
  });

  it('persists nothing and forgets the document when a write fails', async () => {
    const { owner, trip } = await newTrip();
    const hub = new TripDocHub(dataSource, logger);
    await expect(
      hub.write(trip.id, serverOrigin(owner.id), async ({ doc, transact, manager }) => {
        transact(() => addStop(doc, randomUUID(), { name: 'Ghost' }));
        await manager.query('SELECT 1/0');
      }),
    ).rejects.toThrow();
    expect((await stopRows(trip.id)).map((row: { name: string }) => row.name)).toEqual(['San Francisco']);
    const reopened = await hub.open(trip.id);
    expect(orderedStops(reopened!.doc).map((stop) => stop.name)).toEqual(['San Francisco']);
  });

  it('projects text PostgreSQL cannot store as text it can, and keeps a typed \\u0000 as typed', async () => {
    const { owner, trip } = await newTrip();
    const hub = new TripDocHub(dataSource, logger);
    const typed = 'C:\\u0000 drive';
    const named = { lone: 'Big\ud800Sur', nul: 'Mon\u0000terey', typed };
    for (const name of Object.values(named)) await addStopAsServer(hub, trip.id, owner.id, name);
    await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() => {
        activityArray(doc).push([recordMap({ id: randomUUID(), activityType: 'stop_added', activityData: { stopName: 'Big\udc00Sur', [typed]: typed }, userId: owner.id, displayName: 'x\u0000', avatarUrl: null, createdAt: new Date().toISOString() })]);
      }),
    );
    const names = (await stopRows(trip.id)).map((row: { name: string }) => row.name);
    expect(names).toEqual(['San Francisco', 'Big\ufffdSur', 'Monterey', typed]);
    const [activity] = await dataSource.query(`SELECT activity_data FROM activities WHERE trip_id = $1`, [trip.id]);
    expect(activity.activity_data).toEqual({ stopName: 'Big\ufffdSur', [typed]: typed });
  });

  it('keeps two processes writing the same trip coherent', async () => {
    const { owner, trip } = await newTrip();
    const left = new TripDocHub(dataSource, logger);
    const right = new TripDocHub(otherProcess, logger);
    const names = Array.from({ length: 20 }, (_, i) => `Stop ${i}`);
    await Promise.all(names.map((name, i) => addStopAsServer(i % 2 ? left : right, trip.id, owner.id, name)));
    await left.catchUp(trip.id);
    await right.catchUp(trip.id);
    const leftNames = orderedStops(left.loaded(trip.id)!.doc).map((stop) => stop.name);
    expect(leftNames.slice().sort()).toEqual(['San Francisco', ...names].sort());
    expect(orderedStops(right.loaded(trip.id)!.doc)).toEqual(orderedStops(left.loaded(trip.id)!.doc));
    expect((await stopRows(trip.id)).map((row: { name: string }) => row.name)).toEqual(leftNames);
  });

  it("reads another process's commits without taking the trip's row lock, and writes nothing", async () => {
    const { owner, trip } = await newTrip();
    const reader = new TripDocHub(dataSource, logger);
    await reader.open(trip.id);
    await addStopAsServer(new TripDocHub(otherProcess, logger), trip.id, owner.id, 'Written elsewhere');
    const logRows = async () => (await dataSource.query(`SELECT count(*)::int AS count FROM trip_doc_updates WHERE trip_id = $1`, [trip.id]))[0].count;
    const before = await logRows();
    // Another process holds the row lock (a write in progress): the read neither waits for it nor takes it.
    const locker = otherProcess.createQueryRunner();
    await locker.startTransaction();
    try {
      await locker.query(`SELECT 1 FROM trip_docs WHERE trip_id = $1 FOR UPDATE`, [trip.id]);
      const names = await reader.read(trip.id, ({ doc }) => orderedStops(doc).map((stop) => stop.name));
      expect(names).toEqual(['San Francisco', 'Written elsewhere']);
    } finally {
      await locker.rollbackTransaction();
      await locker.release();
    }
    expect(await logRows()).toBe(before);
  });

  it('rewrites stop rows another process changed, even when its own last rows look current', async () => {
    const { owner, trip } = await newTrip();
    const left = new TripDocHub(dataSource, logger);
    const right = new TripDocHub(otherProcess, logger);
    const write = (hub: TripDocHub, edit: (doc: Y.Doc) => void) =>
      hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => edit(doc)));
    await write(left, (doc) => addStop(doc, randomUUID(), { name: 'Monterey' }));
    // Right shifts every row's stop_order; left then undoes the shift, back to the rows it last wrote itself.
    const front = randomUUID();
    await write(right, (doc) => addStop(doc, front, { name: 'Front' }, 0));
    await write(left, (doc) => deleteStop(doc, front));
    const names = orderedStops(left.loaded(trip.id)!.doc).map((stop) => stop.name);
    expect(names).toEqual(['San Francisco', 'Monterey']);
    expect(await stopRows(trip.id)).toMatchObject(names.map((name, order) => ({ name, stop_order: order })));
  });

  it('commits batches from two processes at once, each falling back to the lock when the other got in first', async () => {
    const { trip } = await newTrip();
    const hubs = [new TripDocHub(dataSource, logger), new TripDocHub(otherProcess, logger)];
    const origin: ChangeOrigin = { source: 'connection', connectionId: 'test', userId: null };
    /** A collab batch: applied to the live document first, then persisted (as a room does). */
    const batch = async (hub: TripDocHub, name: string) => {
      const { doc } = (await hub.open(trip.id))!;
      let update!: Uint8Array;
      doc.once('update', (change: Uint8Array) => (update = change));
      doc.transact(() => addStop(doc, randomUUID(), { name }, 0), origin);
      await hub.persist(trip.id, update, origin);
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => batch(hubs[i % 2], `Stop ${i}`)));
    for (const hub of hubs) await hub.catchUp(trip.id);
    const [left, right] = hubs.map((hub) => orderedStops(hub.loaded(trip.id)!.doc));
    expect(right).toEqual(left);
    expect(left).toHaveLength(17);
    const fresh = orderedStops((await new TripDocHub(dataSource, logger).open(trip.id))!.doc);
    expect(fresh).toEqual(left);
    expect(await stopRows(trip.id)).toEqual(left.map((stop, order) => ({ id: stop.id, name: stop.name, stop_order: order })));
  });

  it("commits many trips' collab batches in one transaction, a trip another process wrote meanwhile on its own", async () => {
    const trips = await Promise.all(Array.from({ length: 6 }, () => newTrip()));
    const ids = trips.map(({ trip }) => trip.id);
    const hub = new TripDocHub(dataSource, logger);
    const origin: ChangeOrigin = { source: 'connection', connectionId: 'test', userId: null };
    const batches = await Promise.all(
      ids.map(async (tripId) => {
        const { doc } = (await hub.open(tripId))!;
        let update!: Uint8Array;
        doc.once('update', (change: Uint8Array) => (update = change));
        doc.transact(() => addStop(doc, randomUUID(), { name: `Stop of ${tripId}` }, 0), origin);
        return update;
      }),
    );
    // Another process appends to the last trip first: that batch must take the locked path and catch up.
    const other = new TripDocHub(otherProcess, logger);
    await addStopAsServer(other, ids[5], trips[5].owner.id, 'Elsewhere');

    await Promise.all(ids.map((tripId, i) => hub.persist(tripId, batches[i], origin)));

    const transactions = await dataSource.query(
      `SELECT count(DISTINCT xmin::text)::int AS count FROM trip_doc_updates WHERE trip_id = ANY($1) AND origin = 'connection'`,
      [ids],
    );
    // The first batch goes alone; the four that arrived while it was in flight share one transaction; the sixth falls back.
    expect(transactions[0].count).toBe(3);
    for (const tripId of ids) {
      const fresh = orderedStops((await new TripDocHub(otherProcess, logger).open(tripId))!.doc);
      expect(fresh).toEqual(orderedStops(hub.loaded(tripId)!.doc));
      expect(await stopRows(tripId)).toEqual(fresh.map((stop, order) => ({ id: stop.id, name: stop.name, stop_order: order })));
    }
    expect(orderedStops(hub.loaded(ids[5])!.doc).map((stop) => stop.name)).toContain('Elsewhere');
  });

  it('commits live batches with stop activity grouped, and one whose activity tells a member under the lock, telling them', async () => {
    const trips = await Promise.all(Array.from({ length: 4 }, () => newTrip()));
    const hub = new TripDocHub(dataSource, logger);
    const member = await buildUser(dataSource);
    await addMember(dataSource, trips[3].trip, member, 'editor');
    const batches = await Promise.all(
      trips.map(async ({ owner, trip }, i) => {
        const { doc } = (await hub.open(trip.id))!;
        const origin: ChangeOrigin = { source: 'connection', connectionId: 'test', userId: owner.id };
        const actor = { id: owner.id, displayName: owner.displayName, avatarUrl: null };
        let update!: Uint8Array;
        doc.once('update', (change: Uint8Array) => (update = change));
        doc.transact(() => {
          const stopId = randomUUID();
          addStop(doc, stopId, { name: `Stop ${i}` }, 0);
          if (i < 3) recordActivity(doc, actor, 'stop_added', { stopName: `Stop ${i}`, stopId });
          else recordActivity(doc, actor, 'item_assigned', { itemId: randomUUID(), text: 'Tent', assigneeId: member.id });
        }, origin);
        return { tripId: trip.id, update, origin };
      }),
    );
    await Promise.all(batches.map(({ tripId, update, origin }) => hub.persist(tripId, update, origin)));

    const ids = trips.map(({ trip }) => trip.id);
    const rows: Array<{ trip_id: string; activity_type: string; tx: string; update_tx: string }> = await dataSource.query(
      `SELECT a.trip_id, a.activity_type, a.xmin::text AS tx,
              (SELECT u.xmin::text FROM trip_doc_updates u WHERE u.trip_id = a.trip_id AND u.origin = 'connection') AS update_tx
         FROM activities a WHERE a.trip_id = ANY($1)`,
      [ids],
    );
    const byTrip = new Map(rows.map((row) => [row.trip_id, row]));
    expect(ids.map((id) => byTrip.get(id)?.activity_type)).toEqual(['stop_added', 'stop_added', 'stop_added', 'item_assigned']);
    // Each entry committed with its batch; the two stop batches that waited for the first went out in one transaction.
    for (const row of rows) expect(row.tx).toBe(row.update_tx);
    expect(byTrip.get(ids[1])!.tx).toBe(byTrip.get(ids[2])!.tx);
    const told = await dataSource.query(`SELECT user_id FROM notifications WHERE trip_id = $1`, [ids[3]]);
    expect(told).toEqual([{ user_id: member.id }]);
  });

  it("commits the other trips' batches of a group when one trip's batch fails", async () => {
    const trips = await Promise.all(Array.from({ length: 3 }, () => newTrip()));
    const hub = new TripDocHub(dataSource, logger);
    const appends = await Promise.all(
      trips.map(async ({ trip }) => {
        const live = (await hub.open(trip.id))!;
        const doc = new Y.Doc();
        Y.applyUpdate(doc, Y.encodeStateAsUpdate(live.doc));
        const before = Y.encodeStateVector(doc);
        addStop(doc, randomUUID(), { name: 'Added' });
        return { tripId: trip.id, expectedLastId: live.appliedThrough, update: Y.encodeStateAsUpdate(doc, before), origin: 'connection', userId: null, stops: null, activity: [] };
      }),
    );
    const bad: CurrentAppend = {
      ...appends[1],
      stops: { ids: [], deleteOthers: false, changedRows: `[{"id":"${randomUUID()}","created_at":"not a date"}]`, changedCount: 1, projected: new Map() },
    };
    const group = new AppendGroup(dataSource);
    const results = await Promise.allSettled([group.append(appends[0]), group.append(bad), group.append(appends[2])]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const logged = await dataSource.query(`SELECT trip_id FROM trip_doc_updates WHERE trip_id = ANY($1)`, [trips.map(({ trip }) => trip.id)]);
    expect(logged.map((row: { trip_id: string }) => row.trip_id).sort()).toEqual([trips[0].trip.id, trips[2].trip.id].sort());
  });

  it('compacts the log into the snapshot and loads the same document afterwards', async () => {
    const { owner, trip } = await newTrip();
    const hub = new TripDocHub(dataSource, logger, { compactEvery: 5 });
    const live = await hub.open(trip.id);
    const stopId = orderedStops(live!.doc)[0].id;
    for (let i = 0; i < 12; i++) {
      await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
        transact(() => updateStop(doc, stopId, { name: `Name ${i}` })),
      );
    }
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM trip_doc_updates WHERE trip_id = $1`, [trip.id]);
    expect(count).toBeLessThan(5);
    const fresh = await new TripDocHub(otherProcess, logger).open(trip.id);
    expect(orderedStops(fresh!.doc)).toEqual(orderedStops(live!.doc));
    expect(orderedStops(fresh!.doc)[0].name).toBe('Name 11');
  });

  it('lets another process catch up on rows folded into a snapshot meanwhile', async () => {
    const { owner, trip } = await newTrip();
    const writer = new TripDocHub(dataSource, logger, { compactEvery: 3 });
    const reader = new TripDocHub(otherProcess, logger);
    await reader.open(trip.id);
    for (let i = 0; i < 7; i++) await addStopAsServer(writer, trip.id, owner.id, `Added ${i}`);
    await reader.catchUp(trip.id);
    expect(orderedStops(reader.loaded(trip.id)!.doc)).toEqual(orderedStops(writer.loaded(trip.id)!.doc));
    expect(orderedStops(reader.loaded(trip.id)!.doc)).toHaveLength(8);
  });

  it('reads nothing for the NOTIFY of its own commit, and reads another process\'s', async () => {
    const { owner, trip } = await newTrip();
    const hub = new TripDocHub(dataSource, logger);
    const other = new TripDocHub(otherProcess, logger);
    await addStopAsServer(hub, trip.id, owner.id, 'Monterey');
    await other.open(trip.id);
    const reads = vi.spyOn(pgPool(dataSource), 'query');
    try {
      await hub.catchUp(trip.id, hub.loaded(trip.id)!.appliedThrough);
      expect(reads).not.toHaveBeenCalled();
      await addStopAsServer(other, trip.id, owner.id, 'Carmel');
      await hub.catchUp(trip.id, other.loaded(trip.id)!.appliedThrough);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    expect(orderedStops(hub.loaded(trip.id)!.doc).map((stop) => stop.name)).toEqual(['San Francisco', 'Monterey', 'Carmel']);
  });
});
