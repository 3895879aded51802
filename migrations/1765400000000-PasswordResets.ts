import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Forgot password?": `password_reset_tokens` holds each e-mailed link's token as its SHA-256 only, with its
 * expiry and when it was used (once); `password_reset_requests` counts requests per account as typed and per
 * client address over a rolling hour, whether or not the account exists, so the limit reveals nothing.
 */
export class PasswordResets1765400000000 implements MigrationInterface {
  name = 'PasswordResets1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
      CREATE TABLE password_reset_requests (
        id bigserial PRIMARY KEY,
        account text NOT NULL,
        address text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX password_reset_requests_account_idx ON password_reset_requests (account, requested_at);
      CREATE INDEX password_reset_requests_address_idx ON password_reset_requests (address, requested_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_reset_requests; DROP TABLE password_reset_tokens`);
  }
}
