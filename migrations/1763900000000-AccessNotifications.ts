import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells every process when someone's access to a trip changes, so open websockets follow at once:
 * trip_access (tripId:userId) on membership changes, user_access (userId) when an account's status changes,
 * session_ended (token hash) when a session is deleted (logout, password reset, disable).
 */
export class AccessNotifications1763900000000 implements MigrationInterface {
  name = 'AccessNotifications1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_trip_access() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('trip_access', OLD.trip_id || ':' || OLD.user_id);
          RETURN OLD;
        END IF;
        PERFORM pg_notify('trip_access', NEW.trip_id || ':' || NEW.user_id);
        RETURN NEW;
      END $$;
      CREATE TRIGGER trip_members_notify_access AFTER INSERT OR UPDATE OR DELETE ON trip_members
        FOR EACH ROW EXECUTE FUNCTION notify_trip_access();

      CREATE FUNCTION notify_user_access() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('user_access', NEW.id::text);
        RETURN NEW;
      END $$;
      CREATE TRIGGER users_notify_access AFTER UPDATE OF status ON users
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_user_access();

      CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('session_ended', OLD.token_hash);
        RETURN OLD;
      END $$;
      CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions
        FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER sessions_notify_ended ON sessions;
      DROP TRIGGER users_notify_access ON users;
      DROP TRIGGER trip_members_notify_access ON trip_members;
      DROP FUNCTION notify_session_ended(), notify_user_access(), notify_trip_access();
    `);
  }
}
