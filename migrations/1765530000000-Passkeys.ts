import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn): `passkeys` holds each registered credential's id, public key (COSE) and signature counter,
 * several per account; `passkey_challenges` holds the challenges handed out for a registration (bound to the
 * account) or a sign-in (bound to nobody: the passkey names its account), each used once before it expires.
 */
export class Passkeys1765530000000 implements MigrationInterface {
  name = 'Passkeys1765530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE passkeys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      );
      CREATE INDEX passkeys_user_idx ON passkeys (user_id);
      CREATE TABLE passkey_challenges (
        challenge text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
        user_id integer REFERENCES users(id) ON DELETE CASCADE,
        -- The client address group a sign-in challenge went to: anyone may ask for one, so each address holds a few.
        address text,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at);
      CREATE INDEX passkey_challenges_address_idx ON passkey_challenges (address) WHERE address IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE passkey_challenges; DROP TABLE passkeys`);
  }
}
