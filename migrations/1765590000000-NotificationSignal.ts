import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells every process which members have something new for their bell: `member_notified` with their ids joined by
 * commas, once per statement that inserts notifications (delivered on commit, whichever process wrote them). A
 * NOTIFY payload holds under 8,000 bytes: a statement telling more members than fit says '*' (every page asks again).
 */
export class NotificationSignal1765590000000 implements MigrationInterface {
  name = 'NotificationSignal1765590000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_members_notified() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        members text;
      BEGIN
        SELECT string_agg(DISTINCT user_id::text, ',') INTO members FROM inserted WHERE in_app;
        IF members IS NOT NULL THEN
          PERFORM pg_notify('member_notified', CASE WHEN length(members) > 7000 THEN '*' ELSE members END);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER notifications_signal_members AFTER INSERT ON notifications
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION notify_members_notified();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER notifications_signal_members ON notifications; DROP FUNCTION notify_members_notified()`);
  }
}
