import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notifications are kept NOTIFICATION_KEEP_DAYS: the reminder sweep deletes older ones by their time, read by this index. */
export class NotificationRetention1765600000000 implements MigrationInterface {
  name = 'NotificationRetention1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX notifications_created_idx ON notifications (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX notifications_created_idx`);
  }
}
