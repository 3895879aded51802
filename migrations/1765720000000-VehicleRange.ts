import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The car whose range the day model walks (docs/architecture.md#the-day-model): on the trip, `vehicle` (jsonb: kind,
 * range in km, reserve and fill at departure in percent; null is no car, as every trip so far) set through
 * /trips/road-settings; on each stop, `refuels` projected from the trip document (null: as its kind says).
 */
export class VehicleRange1765720000000 implements MigrationInterface {
  name = 'VehicleRange1765720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE trips
        ADD COLUMN vehicle jsonb CONSTRAINT trips_vehicle_check CHECK (vehicle IS NULL OR jsonb_typeof(vehicle) = 'object');
      ALTER TABLE stops ADD COLUMN refuels boolean;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trips DROP COLUMN vehicle; ALTER TABLE stops DROP COLUMN refuels`);
  }
}
