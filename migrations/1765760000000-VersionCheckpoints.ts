import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version may keep its whole document (`checkpoint`, compressed), written after it once the chunks since the last
 * checkpoint (or the history's base) weigh as much as that one: a version's document is then built from the nearest
 * checkpoint at or before it, not from the base and up to a thousand chunks (docs/architecture.md#trip-history).
 */
export class VersionCheckpoints1765760000000 implements MigrationInterface {
  name = 'VersionCheckpoints1765760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trip_versions ADD COLUMN checkpoint bytea`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trip_versions DROP COLUMN checkpoint`);
  }
}
