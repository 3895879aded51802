import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `login_failures.device`: the device cookie's nonce when the failed attempt came from a browser that signed in to
 * the account before, null for a new device. Known devices count only their own failures, new devices share the
 * account's (server/src/auth/loginThrottle.ts).
 */
export class LoginFailureDevice1764920000000 implements MigrationInterface {
  name = 'LoginFailureDevice1764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE login_failures ADD COLUMN device text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE login_failures DROP COLUMN device`);
  }
}
