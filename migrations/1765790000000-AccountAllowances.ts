import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-account allowances counted for the whole deployment, not per process (server/src/queries/corridor/searchAllowance.ts):
 * rate-limiter-flexible's PostgreSQL store, in the table shape it reads and writes (a key, its points, when they expire in
 * ms since the epoch).
 */
export class AccountAllowances1765790000000 implements MigrationInterface {
  name = 'AccountAllowances1765790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE account_allowances (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE account_allowances`);
  }
}
