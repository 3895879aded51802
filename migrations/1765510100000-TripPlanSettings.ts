import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trip's plan settings beside its road settings (docs/product.md#itinerary): `start_date` (day 1; null: the first
 * stop's planned date, or today), `departure_time` (when day 1 leaves the first stop) and `earliest_departure`
 * (when every later day may leave), 'HH:MM'. Existing trips take the defaults, 09:00 and 08:00.
 */
export class TripPlanSettings1765510100000 implements MigrationInterface {
  name = 'TripPlanSettings1765510100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE trips
        ADD COLUMN start_date date,
        ADD COLUMN departure_time text NOT NULL DEFAULT '09:00'
          CONSTRAINT trips_departure_time_check CHECK (departure_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        ADD COLUMN earliest_departure text NOT NULL DEFAULT '08:00'
          CONSTRAINT trips_earliest_departure_check CHECK (earliest_departure ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trips DROP COLUMN start_date, DROP COLUMN departure_time, DROP COLUMN earliest_departure`);
  }
}
