import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trip's road settings (docs/product.md#itinerary): `arrival_time`, the time of day a planned arrival means
 * ('HH:MM'; the 'Leave by' badge counts back from it), and `daily_drive_limit_minutes` (legs over it are
 * flagged, Bulk Schedule may keep each day under it). Existing trips take the defaults, 17:00 and 8 hours.
 */
export class TripRoadSettings1764500000000 implements MigrationInterface {
  name = 'TripRoadSettings1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE trips
        ADD COLUMN arrival_time text NOT NULL DEFAULT '17:00'
          CONSTRAINT trips_arrival_time_check CHECK (arrival_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        ADD COLUMN daily_drive_limit_minutes integer NOT NULL DEFAULT 480
          CONSTRAINT trips_daily_drive_limit_check CHECK (daily_drive_limit_minutes BETWEEN 60 AND 1440);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trips DROP COLUMN arrival_time, DROP COLUMN daily_drive_limit_minutes`);
  }
}
