import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push: `push_subscriptions` holds the devices a member turned notifications on (the push service's endpoint
 * and the keys a payload is encrypted for; an endpoint is one browser's, so it belongs to one account at a time).
 * `push_deliveries` holds each notification still to hand to each of its member's devices, stored with the
 * notification in the commit's transaction; `due_at` is when a push loop may claim it next (a claim pushes it
 * forward, a push service asking to wait pushes it further). A member's push choice per kind joins the others.
 */
export class PushSubscriptions1765560000000 implements MigrationInterface {
  name = 'PushSubscriptions1765560000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);
      CREATE TABLE push_deliveries (
        notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        subscription_id uuid NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (notification_id, subscription_id)
      );
      CREATE INDEX push_deliveries_due_idx ON push_deliveries (due_at);
      CREATE INDEX push_deliveries_subscription_idx ON push_deliveries (subscription_id);
      ALTER TABLE notification_preferences ADD COLUMN push boolean NOT NULL DEFAULT true;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notification_preferences DROP COLUMN push; DROP TABLE push_deliveries; DROP TABLE push_subscriptions`);
  }
}
