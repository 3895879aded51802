import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trip's history (engine/src/history): each version is a position in the trip's update log with the log rows since
 * the version before it merged into one chunk (one update per editor, for who-did-what); `trip_history` holds the
 * state at the oldest kept version (`base`, at `base_through`) and how far versions reach (`through`), which the
 * log's compaction reads so it never deletes a row no version holds yet.
 */
export class TripHistory1765610000000 implements MigrationInterface {
  name = 'TripHistory1765610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE trip_history (
        trip_id uuid PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
        base bytea NOT NULL,
        base_through bigint NOT NULL,
        through bigint NOT NULL
      );
      CREATE TABLE trip_versions (
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        id bigint NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        name text,
        editors integer[] NOT NULL DEFAULT '{}',
        summary text NOT NULL DEFAULT '',
        chunk bytea,
        PRIMARY KEY (trip_id, id)
      );
      CREATE INDEX trip_versions_taken_at_idx ON trip_versions (taken_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE trip_versions; DROP TABLE trip_history;`);
  }
}
