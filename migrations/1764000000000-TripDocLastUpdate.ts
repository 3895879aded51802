import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `trip_docs.last_update_id`: the newest log row of the trip, kept by every append. Whoever holds (or waits
 * for) the row lock reads it fresh, so a process can tell in the same statement whether anyone else
 * appended since it last caught up (docs/architecture.md#a-trip-changes-through-two-doors: the optimistic
 * commit of a batch).
 */
export class TripDocLastUpdate1764000000000 implements MigrationInterface {
  name = 'TripDocLastUpdate1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE trip_docs ADD COLUMN last_update_id bigint NOT NULL DEFAULT 0;
      UPDATE trip_docs d
         SET last_update_id = GREATEST(d.compacted_through,
                                       (SELECT coalesce(max(u.id), 0) FROM trip_doc_updates u WHERE u.trip_id = d.trip_id));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trip_docs DROP COLUMN last_update_id`);
  }
}
