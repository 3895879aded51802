import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trip's calendar feed (docs/product.md#calendar-feed): at most one per trip, made, rotated and revoked by
 * its owner. Calendar apps fetch it without a session, so its secret is the only key: `secret` is kept for the
 * owner to read back, and `secret_sha256` (hex) is what a request is looked up by, so the lookup's timing says
 * nothing about the secret; the server then compares the two in constant time. Revoking deletes the row;
 * deleting the trip does too.
 */
export class TripCalendarFeeds1764700000000 implements MigrationInterface {
  name = 'TripCalendarFeeds1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE trip_calendar_feeds (
        trip_id uuid PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
        secret text NOT NULL,
        secret_sha256 text NOT NULL CONSTRAINT trip_calendar_feeds_secret_sha256_key UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE trip_calendar_feeds`);
  }
}
