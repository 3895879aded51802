import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each stop's leg from the located stop before it (minutes, distance, source, road line), projected
 * from the trip document like the stop's other fields, so /trips/details and share pages read the same legs
 * as the live document. Derived data: null until the server computes it.
 */
export class StopDriveLeg1764600000000 implements MigrationInterface {
  name = 'StopDriveLeg1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stops ADD COLUMN drive_leg jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stops DROP COLUMN drive_leg`);
  }
}
