import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { migrations } from '@caravan/migrations';
import { addStop, isOrderKey, orderedStops, stopsMap } from '@caravan/shared';
import { createDataSource, createLogger, runMigrations, serverOrigin, TripDocHub } from '@caravan/engine';
import { buildTrip, buildUser } from '../test/factories.ts';
import { createTestDatabase } from '@caravan/engine/test';

/**
 * Back to the schema before order keys were repaired: the migrations after it undone, newest first. The broken
 * documents are written on today's schema first, since today's hub projects the columns later migrations add.
 */
async function windBackBeforeRepair(dataSource: DataSource): Promise<void> {
  const repair = migrations.findIndex((migration) => migration.name.startsWith('RepairOrderKeys'));
  for (let applied = migrations.length; applied > repair; applied--) await dataSource.undoLastMigration();
}

const stored = async (dataSource: DataSource, tripId: string) => (await new TripDocHub(dataSource, createLogger('silent')).open(tripId))!.doc;
const rows = (dataSource: DataSource, tripId: string) =>
  dataSource.query(`SELECT id, pos FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);

describe('the migration repairing order keys', () => {
  it('re-keys the stops whose keys the library refuses, in the order shown, in the document and its rows alike', async () => {
    const url = await createTestDatabase();
    const old = await createDataSource(url).initialize();
    const owner = await buildUser(old);
    const [broken, sound] = [await buildTrip(old, owner, { title: 'Broken' }), await buildTrip(old, owner, { title: 'Sound' })];
    const hub = new TripDocHub(old, createLogger('silent'));
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    // Written as the server, past every check: two log rows, the keys as the old live door let them in.
    await hub.write(broken.id, serverOrigin(null), ({ doc, transact }) =>
      transact(() => ids.forEach((id, index) => addStop(doc, id, { name: `Stop ${index + 1}` }))),
    );
    await hub.write(broken.id, serverOrigin(null), ({ doc, transact }) =>
      transact(() => {
        stopsMap(doc).get(ids[0])!.set('pos', 'zzz');
        stopsMap(doc).get(ids[1])!.set('pos', 7);
        stopsMap(doc).get(ids[2])!.set('pos', 'a00');
      }),
    );
    await hub.write(sound.id, serverOrigin(null), ({ doc, transact }) => transact(() => addStop(doc, randomUUID(), { name: 'Carmel' })));
    const shown = orderedStops(await stored(old, broken.id)).map((stop) => stop.id);
    expect(shown).toEqual([ids[1], expect.any(String), ids[2], ids[0]]);
    const soundBefore = { rows: await rows(old, sound.id), log: await old.query(`SELECT id FROM trip_doc_updates WHERE trip_id = $1`, [sound.id]) };
    await windBackBeforeRepair(old);
    await old.destroy();

    const migrated = await createDataSource(url).initialize();
    await runMigrations(migrated);

    const doc = await stored(migrated, broken.id);
    const stops = orderedStops(doc);
    expect(stops.map((stop) => stop.id)).toEqual(shown);
    expect(stops.every((stop) => isOrderKey(stop.pos))).toBe(true);
    expect(await rows(migrated, broken.id)).toEqual(stops.map(({ id, pos }) => ({ id, pos })));
    const [{ last_update_id: last, newest }] = await migrated.query(
      `SELECT d.last_update_id, (SELECT max(id) FROM trip_doc_updates u WHERE u.trip_id = d.trip_id) AS newest FROM trip_docs d WHERE trip_id = $1`,
      [broken.id],
    );
    expect(last).toBe(newest);
    expect(await rows(migrated, sound.id)).toEqual(soundBefore.rows);
    expect(await migrated.query(`SELECT id FROM trip_doc_updates WHERE trip_id = $1`, [sound.id])).toEqual(soundBefore.log);
    await migrated.destroy();
  });
});
