import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `user_access` also when an account's role changes: processes cache signed-in users with their role, so
 * the trigger (rather than each command that changes a role) tells them.
 */
export class UserAccessOnRole1764100000000 implements MigrationInterface {
  name = 'UserAccessOnRole1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER users_notify_access ON users;
      CREATE TRIGGER users_notify_access AFTER UPDATE OF status, role ON users
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role)
        EXECUTE FUNCTION notify_user_access();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER users_notify_access ON users;
      CREATE TRIGGER users_notify_access AFTER UPDATE OF status ON users
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_user_access();
    `);
  }
}
