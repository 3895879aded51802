import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { addStop, deleteStop, moveStop, orderedStops, updateStop } from '@caravan/shared';
import {
  catchUpAsUpdate,
  type ChangeOrigin,
  createDataSource,
  createLogger,
  readCatchUp,
  serverOrigin,
  TripDocHub,
  type User,
} from '@caravan/engine';
import { buildTrip, buildUser } from '../test/factories.ts';
import { createTestDatabase } from '@caravan/engine/test';

let dataSource: DataSource;
let otherProcess: DataSource;
let owner: User;
const logger = createLogger('silent');

beforeAll(async () => {
  const url = await createTestDatabase();
  dataSource = await createDataSource(url).initialize();
  otherProcess = await createDataSource(url).initialize();
  owner = await buildUser(dataSource);
});
afterAll(async () => {
  await dataSource?.destroy();
  await otherProcess?.destroy();
});

const TRIPS = 3;
const CLIENTS = 2;
const HUBS = 2;

/** Where a new stop's id comes from: fresh, or one some trip holds (or held) — another trip's, above all. */
const idSource = fc.oneof(
  fc.constant({ kind: 'fresh' as const }),
  fc.record({ kind: fc.constant('foreign' as const), pick: fc.nat(50) }),
  fc.record({ kind: fc.constant('used' as const), pick: fc.nat(50) }),
);
const edit = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), id: idSource, at: fc.nat(6) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(20), to: fc.nat(6) }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(20), name: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('visit' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20) }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;
/** Through a client's document and a room's persist, or as a server write (a REST call); `trip` and `hub` pick which. */
const write = fc.record({ door: fc.constantFrom('collab' as const, 'server' as const), trip: fc.nat(TRIPS - 1), client: fc.nat(CLIENTS - 1), hub: fc.nat(HUBS - 1), edit });
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
const step = fc.oneof(
  { weight: 5, arbitrary: write.map((one) => ({ kind: 'one' as const, writes: [one] })) },
  // One write per trip at once: the collab batches share one statement (the group commit).
  { weight: 1, arbitrary: fc.tuple(...Array.from({ length: TRIPS }, () => write)).map((writes) => ({ kind: 'all' as const, writes: writes.map((one, trip) => ({ ...one, trip })) })) },
  // A client takes in what was committed (before it, it edits a stale copy: concurrent edits).
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pull' as const), trip: fc.nat(TRIPS - 1), client: fc.nat(CLIENTS - 1) }) },
);

/** The trip's document as stored, read as a fresh process would. */
async function storedDoc(tripId: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, catchUpAsUpdate((await readCatchUp(dataSource, tripId, -1n))!));
  return doc;
}

/** Every trip's stop rows must be exactly its stored document's stops. */
async function expectProjectionsMatchDocuments(tripIds: string[]) {
  for (const tripId of tripIds) {
    const doc = await storedDoc(tripId);
    const expected = orderedStops(doc).map((stop, order) => ({ id: stop.id, name: stop.name, stop_order: order, visited: stop.visited }));
    doc.destroy();
    const rows = await dataSource.query(`SELECT id, name, stop_order, visited FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);
    expect(rows, `stop rows of trip ${tripIds.indexOf(tripId)}`).toEqual(expected);
  }
}

function applyEdit(doc: Y.Doc, change: Edit, ids: { foreign: string[]; used: string[] }): void {
  const stops = orderedStops(doc);
  const target = stops.length ? stops['pick' in change ? change.pick % stops.length : 0] : undefined;
  if (change.kind === 'add') {
    const { id } = change;
    const pool = id.kind === 'foreign' ? ids.foreign : id.kind === 'used' ? ids.used : [];
    const chosen = 'pick' in id && pool.length ? pool[id.pick % pool.length] : randomUUID();
    // A stop the trip holds already would only be overwritten: that is not an add.
    if (!stops.some((stop) => stop.id === chosen)) addStop(doc, chosen, { name: `Stop ${chosen.slice(0, 4)}` }, change.at);
  } else if (!target) return;
  else if (change.kind === 'move') moveStop(doc, target.id, change.to);
  else if (change.kind === 'rename') updateStop(doc, target.id, { name: change.name });
  else if (change.kind === 'visit') updateStop(doc, target.id, { visited: !target.visited });
  else deleteStop(doc, target.id);
}

describe('stop rows and trip documents', () => {
  it('agree for every trip after every commit, whatever ids the writers reuse, through either door and either process', async () => {
    const hubs = [new TripDocHub(dataSource, logger), new TripDocHub(otherProcess, logger)];
    const origin: ChangeOrigin = { source: 'connection', connectionId: 'test', userId: owner.id };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const tripIds = await Promise.all(Array.from({ length: TRIPS }, async () => (await buildTrip(dataSource, owner)).id));
        // Each trip's first document, built from its rows.
        for (const tripId of tripIds) await hubs[0].open(tripId);
        const clients = tripIds.map(() => Array.from({ length: CLIENTS }, () => new Y.Doc()));
        const used = new Set<string>();
        const pull = async (trip: number, client: number) => {
          const stored = await storedDoc(tripIds[trip]);
          Y.applyUpdate(clients[trip][client], Y.encodeStateAsUpdate(stored));
          stored.destroy();
        };
        for (let trip = 0; trip < TRIPS; trip++) for (let client = 0; client < CLIENTS; client++) await pull(trip, client);

        const idsFor = async (trip: number) => {
          const foreign: string[] = [];
          for (const [other, tripId] of tripIds.entries()) {
            if (other === trip) continue;
            const doc = await storedDoc(tripId);
            foreign.push(...orderedStops(doc).map((stop) => stop.id));
            doc.destroy();
          }
          return { foreign, used: [...used] };
        };
        const commit = async ({ door, trip, client, hub: which, edit: change }: Write) => {
          const tripId = tripIds[trip];
          const hub = hubs[which];
          const ids = await idsFor(trip);
          if (door === 'server') {
            await hub.write(tripId, serverOrigin(owner.id), ({ doc, transact }) => transact(() => applyEdit(doc, change, ids)));
            return;
          }
          // A room: catch up, apply what the client has and the document lacks, persist it.
          const clientDoc = clients[trip][client];
          applyEdit(clientDoc, change, ids);
          await hub.catchUp(tripId);
          const live = (await hub.open(tripId))!;
          const update = Y.encodeStateAsUpdate(clientDoc, Y.encodeStateVector(live.doc));
          Y.applyUpdate(live.doc, update, origin);
          await hub.persist(tripId, update, origin);
        };

        for (const current of steps) {
          if (current.kind === 'pull') await pull(current.trip, current.client);
          else await Promise.all(current.writes.map(commit));
          for (const tripId of tripIds) for (const stop of orderedStops(await storedDoc(tripId))) used.add(stop.id);
          await expectProjectionsMatchDocuments(tripIds);
        }
        for (const docs of clients) for (const doc of docs) doc.destroy();
      }),
      { numRuns: 20 },
    );
  }, 60_000);

  it('refuses a commit, through either door, whose stop rows would differ from its document', async () => {
    const trip = await buildTrip(dataSource, owner);
    const hub = new TripDocHub(dataSource, logger);
    await hub.open(trip.id);
    // A row PostgreSQL leaves unwritten without an error, as the old global key's upsert did.
    await dataSource.query(`
      CREATE FUNCTION skip_lost_stop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
      CREATE TRIGGER skip_lost_stop BEFORE INSERT ON stops FOR EACH ROW WHEN (NEW.name = 'Lost') EXECUTE FUNCTION skip_lost_stop();
    `);
    try {
      const logRows = async () => (await dataSource.query(`SELECT count(*)::int AS n FROM trip_doc_updates WHERE trip_id = $1`, [trip.id]))[0].n;
      const before = await logRows();
      await expect(
        hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => addStop(doc, randomUUID(), { name: 'Lost' }))),
      ).rejects.toThrow('would differ from its document');
      const origin: ChangeOrigin = { source: 'connection', connectionId: 'test', userId: owner.id };
      const room = (await hub.open(trip.id))!.doc;
      let update!: Uint8Array;
      room.once('update', (change: Uint8Array) => (update = change));
      room.transact(() => addStop(room, randomUUID(), { name: 'Lost' }), origin);
      await expect(hub.persist(trip.id, update, origin)).rejects.toThrow('would differ from its document');
      expect(await logRows()).toBe(before);
      await expectProjectionsMatchDocuments([trip.id]);
    } finally {
      await dataSource.query(`DROP TRIGGER skip_lost_stop ON stops; DROP FUNCTION skip_lost_stop()`);
    }
  });
});
