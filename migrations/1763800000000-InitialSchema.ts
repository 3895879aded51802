import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table of the first release: accounts and sessions, trips and members, the trip document and its projection. */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL,
        display_name text NOT NULL,
        password_hash text,
        avatar_url text,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        user_agent text,
        ip text
      );
      CREATE INDEX sessions_user_id_idx ON sessions (user_id);

      CREATE TABLE oauth_accounts (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider text NOT NULL,
        provider_user_id text NOT NULL,
        email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, provider_user_id),
        UNIQUE (user_id, provider)
      );

      CREATE TABLE oauth_credentials (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX oauth_credentials_user_id_idx ON oauth_credentials (user_id);

      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );

      CREATE TABLE trips (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text,
        hero_image text,
        is_public boolean NOT NULL DEFAULT false,
        share_token text UNIQUE,
        route_mode boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX trips_owner_id_idx ON trips (owner_id);

      CREATE TABLE trip_members (
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (trip_id, user_id)
      );
      CREATE INDEX trip_members_user_id_idx ON trip_members (user_id);

      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        invited_email text NOT NULL,
        role text NOT NULL CHECK (role IN ('editor', 'viewer')),
        token text NOT NULL UNIQUE,
        invited_by integer REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX invitations_pending_email_key
        ON invitations (trip_id, lower(invited_email)) WHERE accepted_at IS NULL;

      CREATE TABLE trip_docs (
        trip_id uuid PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
        state bytea NOT NULL,
        schema_version integer NOT NULL,
        compacted_through bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE trip_doc_updates (
        id bigserial PRIMARY KEY,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        update bytea NOT NULL,
        origin text NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX trip_doc_updates_trip_id_idx ON trip_doc_updates (trip_id, id);

      CREATE TABLE stops (
        id uuid PRIMARY KEY,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        name text NOT NULL,
        address text,
        notes text,
        latitude double precision NOT NULL DEFAULT 0,
        longitude double precision NOT NULL DEFAULT 0,
        pos text NOT NULL,
        stop_order integer NOT NULL DEFAULT 0,
        visited boolean NOT NULL DEFAULT false,
        visited_at timestamptz,
        planned_arrival_date timestamptz,
        auto_scheduled boolean NOT NULL DEFAULT false,
        estimated_drive_minutes integer,
        journal_content text,
        photos jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stops_trip_order_idx ON stops (trip_id, stop_order);

      CREATE TABLE journal_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        stop_id uuid NOT NULL REFERENCES stops(id) ON DELETE CASCADE,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        content text,
        entry_date timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX journal_entries_trip_id_idx ON journal_entries (trip_id);
      CREATE INDEX journal_entries_stop_id_idx ON journal_entries (stop_id, entry_date DESC, created_at DESC);

      CREATE TABLE photos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        journal_entry_id uuid REFERENCES journal_entries(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        storage_key text NOT NULL UNIQUE,
        content_type text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        byte_size integer NOT NULL,
        uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX photos_trip_id_idx ON photos (trip_id);
      CREATE INDEX photos_journal_entry_id_idx ON photos (journal_entry_id, position);

      CREATE TABLE stop_suggestions (
        id uuid PRIMARY KEY,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        suggested_by integer REFERENCES users(id) ON DELETE SET NULL,
        name text NOT NULL,
        address text,
        notes text,
        latitude double precision,
        longitude double precision,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'archived')),
        reviewed_by integer REFERENCES users(id) ON DELETE SET NULL,
        reviewed_at timestamptz,
        approved_stop_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stop_suggestions_trip_status_idx ON stop_suggestions (trip_id, status, created_at DESC);

      CREATE TABLE comments (
        id uuid PRIMARY KEY,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        stop_id uuid NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        content text NOT NULL,
        resolved boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX comments_trip_id_idx ON comments (trip_id, created_at);
      CREATE INDEX comments_stop_id_idx ON comments (stop_id);

      CREATE TABLE activities (
        id uuid PRIMARY KEY,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        activity_type text NOT NULL,
        activity_data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX activities_trip_created_idx ON activities (trip_id, created_at DESC);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE activities, comments, stop_suggestions, photos, journal_entries, stops,
        trip_doc_updates, trip_docs, invitations, trip_members, trips, rate_limits,
        oauth_credentials, oauth_accounts, sessions, users;
    `);
  }
}
