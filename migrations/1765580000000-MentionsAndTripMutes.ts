import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mentions and per-trip mutes: `comments.mentions` holds the members a comment mentions ([{userId, name}], the
 * name as it was written), so they are told by id, never by parsing the text later; `notification_trip_mutes`
 * holds the trips a member hears nothing about (an invitation excepted, it comes before membership).
 */
export class MentionsAndTripMutes1765580000000 implements MigrationInterface {
  name = 'MentionsAndTripMutes1765580000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE comments ADD COLUMN mentions jsonb NOT NULL DEFAULT '[]'::jsonb;
      CREATE TABLE notification_trip_mutes (
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (trip_id, user_id)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_trip_mutes; ALTER TABLE comments DROP COLUMN mentions`);
  }
}
