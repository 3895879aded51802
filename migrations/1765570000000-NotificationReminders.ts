import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminders and the daily digest. `reminder_facts` holds what the reminder sweep needs from each trip's document
 * (a checklist item's assignee and due date, an open poll's closing time and voters, who owes money), refreshed by
 * the sweep when the document changed past `reminder_scans.scanned_through` (its `trip_docs.last_update_id` then),
 * so the time-based checks are plain SQL over these rows. `notification_email_delivery` holds a member's choice of
 * a daily digest (no row: each e-mail as it happens) and the UTC day their last digest went out.
 */
export class NotificationReminders1765570000000 implements MigrationInterface {
  name = 'NotificationReminders1765570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reminder_scans (
        trip_id uuid PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
        scanned_through bigint NOT NULL
      );
      CREATE TABLE reminder_facts (
        trip_id uuid NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('item_due', 'poll_closing', 'settle_up')),
        subject_id text NOT NULL,
        user_id integer,
        due_date date,
        closes_at timestamptz,
        voters integer[] NOT NULL DEFAULT '{}',
        data jsonb NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE INDEX reminder_facts_trip_idx ON reminder_facts (trip_id);
      CREATE INDEX reminder_facts_due_idx ON reminder_facts (due_date) WHERE kind = 'item_due';
      CREATE INDEX reminder_facts_closes_idx ON reminder_facts (closes_at) WHERE kind = 'poll_closing';
      CREATE INDEX reminder_facts_owing_idx ON reminder_facts (user_id) WHERE kind = 'settle_up';
      CREATE INDEX notifications_settle_up_idx ON notifications (user_id, trip_id, created_at) WHERE kind = 'settle_up';
      CREATE TABLE notification_email_delivery (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        digest boolean NOT NULL,
        digest_sent_on date
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX notifications_settle_up_idx;
      DROP TABLE notification_email_delivery; DROP TABLE reminder_facts; DROP TABLE reminder_scans;
    `);
  }
}
