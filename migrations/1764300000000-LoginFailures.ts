import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `login_failures`: one row per failed password sign-in (account as typed, client address, when), so the
 * login throttle can count over a rolling hour and wait from the last failure (server/src/auth/loginThrottle.ts).
 */
export class LoginFailures1764300000000 implements MigrationInterface {
  name = 'LoginFailures1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        account text NOT NULL,
        address text NOT NULL,
        failed_at timestamptz NOT NULL
      );
      CREATE INDEX login_failures_account_idx ON login_failures (account, failed_at);
      CREATE INDEX login_failures_address_idx ON login_failures (address, failed_at);
      CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);
      -- The counters of the throttle this table replaces.
      DELETE FROM rate_limits WHERE key LIKE 'login\_%';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE login_failures`);
  }
}
