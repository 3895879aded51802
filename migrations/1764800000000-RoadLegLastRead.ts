import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `road_legs.last_read_at`: when a cached drive was last read, so rows no trip has asked for in months can be
 * pruned (engine/src/routing/roadLegPrune.ts). Rows already cached count as read now: they get a full
 * prune period before they can go. (`fetched_at`, when the provider answered, exists since the table does and
 * ages answers out: roadLegCache.ts.) No index: the prune scans the table a few times a day, and an index on a
 * column every read touches would cost more than it saves.
 */
export class RoadLegLastRead1764800000000 implements MigrationInterface {
  name = 'RoadLegLastRead1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE road_legs ADD COLUMN last_read_at timestamptz NOT NULL DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE road_legs DROP COLUMN last_read_at`);
  }
}
