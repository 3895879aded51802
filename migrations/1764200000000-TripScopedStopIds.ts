import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stop ids are chosen by clients, so they are unique within a trip only (the projection
 * always matches the document): `stops` is keyed by (trip_id, id) and journal entries point at their own trip's
 * stop. Under the global key a trip that reused another trip's stop id lost that stop's row (the upsert
 * skipped it), so every trip with a document is marked in `stale_projections`; the server rebuilds those
 * rows from the document at start. `caravan_refuse` lets one statement fail its commit with a reason.
 */
export class TripScopedStopIds1764200000000 implements MigrationInterface {
  name = 'TripScopedStopIds1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_stop_id_fkey;
      ALTER TABLE stops DROP CONSTRAINT stops_pkey;
      ALTER TABLE stops ADD PRIMARY KEY (trip_id, id);

      -- A journal entry written on a ghost stop pointed at another trip's row: give it a row of its own trip
      -- (a copy, until the rebuild writes the document's values, or deletes it with the entry when the
      -- document no longer holds that stop).
      INSERT INTO stops (id, trip_id, name, address, notes, latitude, longitude, pos, stop_order, visited, visited_at,
                         planned_arrival_date, auto_scheduled, estimated_drive_minutes, journal_content, photos, created_at)
      SELECT DISTINCT ON (j.trip_id, j.stop_id) s.id, j.trip_id, s.name, s.address, s.notes, s.latitude, s.longitude, s.pos,
             s.stop_order, s.visited, s.visited_at, s.planned_arrival_date, s.auto_scheduled, s.estimated_drive_minutes,
             s.journal_content, s.photos, s.created_at
        FROM journal_entries j JOIN stops s ON s.id = j.stop_id
       WHERE NOT EXISTS (SELECT 1 FROM stops own WHERE own.trip_id = j.trip_id AND own.id = j.stop_id);

      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_stop_fkey
        FOREIGN KEY (trip_id, stop_id) REFERENCES stops (trip_id, id) ON DELETE CASCADE;

      CREATE TABLE stale_projections (
        trip_id uuid PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE
      );
      INSERT INTO stale_projections (trip_id) SELECT trip_id FROM trip_docs;

      CREATE FUNCTION caravan_refuse(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '%', reason;
      END
      $$;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP FUNCTION caravan_refuse(text);
      DROP TABLE stale_projections;
      ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_stop_fkey;
      -- Two trips' rows of one id cannot both stay under a global key: the older row keeps it.
      DELETE FROM stops s USING stops older
       WHERE s.id = older.id AND (s.created_at, s.trip_id) > (older.created_at, older.trip_id);
      ALTER TABLE stops DROP CONSTRAINT stops_pkey;
      ALTER TABLE stops ADD PRIMARY KEY (id);
      DELETE FROM journal_entries j WHERE NOT EXISTS (SELECT 1 FROM stops s WHERE s.id = j.stop_id);
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_stop_id_fkey
        FOREIGN KEY (stop_id) REFERENCES stops (id) ON DELETE CASCADE;
    `);
  }
}
