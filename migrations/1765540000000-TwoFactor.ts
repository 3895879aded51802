import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor codes and the sign-in settings: `totp_factors` holds an account's authenticator secret (unconfirmed
 * until a code made from it comes back) and the last time step a code was accepted at, so no code works twice;
 * `totp_backup_codes` the argon2 hashes of its single-use backup codes; `pending_sign_ins` the first factor of a
 * sign-in that waits for its second (single use, short-lived, a few tries); `site_settings` the administrator's
 * settings for the whole site, one row.
 */
export class TwoFactor1765540000000 implements MigrationInterface {
  name = 'TwoFactor1765540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE totp_factors (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret text NOT NULL,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE totp_backup_codes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        -- The code's first two characters: which hashes a typed code is checked against.
        lookup text NOT NULL,
        code_hash text NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX totp_backup_codes_user_idx ON totp_backup_codes (user_id);
      CREATE TABLE pending_sign_ins (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        -- An OpenID Connect identity the password consented to link, made once the second factor passes.
        link jsonb,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX pending_sign_ins_expiry_idx ON pending_sign_ins (expires_at);
      CREATE TABLE site_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        require_second_factor boolean NOT NULL DEFAULT false,
        second_factor_grace_days integer NOT NULL DEFAULT 14,
        second_factor_required_since timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO site_settings (id) VALUES (true);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE site_settings; DROP TABLE pending_sign_ins; DROP TABLE totp_backup_codes; DROP TABLE totp_factors`);
  }
}
