import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications: `notifications` holds what a member is told about a trip, one row per event and member (the
 * unique `source_id, user_id`: an activity entry or suggestion, so a projection written twice tells nobody twice);
 * `in_app` whether the bell lists it, `email_due` whether the mail dispatcher still has to send it.
 * `notification_preferences` holds a member's choices per kind (no row: the defaults).
 */
export class Notifications1765550000000 implements MigrationInterface {
  name = 'Notifications1765550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        kind text NOT NULL,
        source_id uuid NOT NULL,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        actor_name text NOT NULL DEFAULT '',
        stop_id uuid,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        in_app boolean NOT NULL DEFAULT true,
        email_due boolean NOT NULL DEFAULT false,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (source_id, user_id)
      );
      CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC) WHERE in_app;
      CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE in_app AND read_at IS NULL;
      CREATE INDEX notifications_email_due_idx ON notifications (created_at) WHERE email_due;
      CREATE TABLE notification_preferences (
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL,
        in_app boolean NOT NULL,
        email boolean NOT NULL,
        PRIMARY KEY (user_id, kind)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_preferences; DROP TABLE notifications`);
  }
}
