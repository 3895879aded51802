import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A public service's pace, shared by every process on the database (engine/src/remote/sharedPacing.ts): the time its
 * next request may leave. One row per service and host.
 */
export class ProviderPacing1765780000000 implements MigrationInterface {
  name = 'ProviderPacing1765780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE provider_pacing (key text PRIMARY KEY, next_at timestamptz NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE provider_pacing`);
  }
}
