import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DataSource } from 'typeorm';
import { migrations } from '@caravan/migrations';
import { addStop, TRIP_DOC_SCHEMA_VERSION } from '@caravan/shared';
import { createDataSource, entities, insertSnapshot, runMigrations, seedTripDoc } from '@caravan/engine';
import { createApi } from '../test/apiClient.ts';
import { buildTrip, buildUser } from '../test/factories.ts';
import { createTestDatabase } from '@caravan/engine/test';
import { startTestServer } from '../test/testServer.ts';
import type { RunningServer } from '../server.ts';

let server: RunningServer | undefined;
afterAll(() => server?.close());

/** The schema before stop ids were scoped to their trip. */
async function databaseBeforeTripScopedIds(url: string): Promise<DataSource> {
  const before = migrations.slice(0, migrations.findIndex((migration) => migration.name.startsWith('TripScopedStopIds')));
  const dataSource = await new DataSource({ type: 'postgres', url, entities, migrations: before }).initialize();
  await runMigrations(dataSource);
  return dataSource;
}

describe('stop rows that diverged from their documents', () => {
  it('are rebuilt from the documents when the server starts, journal entries kept, no trip opened', async () => {
    const url = await createTestDatabase({ migrated: false });
    const old = await databaseBeforeTripScopedIds(url);
    const owner = await buildUser(old);
    const [first, second] = [await buildTrip(old, owner, { title: 'First' }), await buildTrip(old, owner, { title: 'Second' })];
    const [{ id: reused }] = await old.query(`SELECT id FROM stops WHERE trip_id = $1`, [first.id]);
    // The second trip's document took a stop under the first trip's stop id: its row was never written,
    // and a journal entry written on it pointed at the first trip's row.
    const doc = (await seedTripDoc(old, second.id))!;
    addStop(doc, reused, { name: 'Santa Cruz', latitude: 36.97, longitude: -122.03 });
    await insertSnapshot(old, second.id, Y.encodeStateAsUpdate(doc), TRIP_DOC_SCHEMA_VERSION);
    await insertSnapshot(old, first.id, Y.encodeStateAsUpdate((await seedTripDoc(old, first.id))!), TRIP_DOC_SCHEMA_VERSION);
    await old.query(`INSERT INTO journal_entries (trip_id, stop_id, author_id, content) VALUES ($1, $2, $3, 'Boardwalk')`, [
      second.id,
      reused,
      owner.id,
    ]);
    await old.destroy();

    const migrating = await createDataSource(url).initialize();
    await runMigrations(migrating);
    await migrating.destroy();
    server = await startTestServer({ databaseUrl: url });
    await server.staleProjectionsRebuilt;

    const api = createApi(server);
    const myTrips = (await api.get('/trips', { as: owner })).body;
    expect(Object.fromEntries(myTrips.map((trip: { title: string; stopCount: number }) => [trip.title, trip.stopCount]))).toEqual({
      First: 1,
      Second: 2,
    });
    const details = async (tripId: string) => (await api.post('/trips/details', { tripId }, { as: owner })).body.stops;
    const secondStops = await details(second.id);
    expect(secondStops.map((stop: { id: string; name: string }) => [stop.id === reused, stop.name])).toEqual([
      [false, 'San Francisco'],
      [true, 'Santa Cruz'],
    ]);
    expect(secondStops[1].journalEntries.map((entry: { content: string }) => entry.content)).toEqual(['Boardwalk']);
    const firstStops = await details(first.id);
    expect(firstStops.map((stop: { id: string; name: string; journalEntries: unknown[] }) => [stop.id, stop.name, stop.journalEntries])).toEqual([
      [reused, 'San Francisco', []],
    ]);
    expect(await server.deps.dataSource.query(`SELECT trip_id FROM stale_projections`)).toEqual([]);
    expect(server.deps.tripDocs.loaded(second.id)).toBeUndefined();
  });
});
