import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each person's unit for distances: 'mi' or 'km', or null to follow the browser's locale. */
export class UserDistanceUnit1765500000000 implements MigrationInterface {
  name = 'UserDistanceUnit1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN distance_unit text CHECK (distance_unit IN ('mi', 'km'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN distance_unit`);
  }
}
