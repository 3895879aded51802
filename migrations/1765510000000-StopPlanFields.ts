import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stop's plan fields (docs/product.md#stops), projected from the trip document like its other fields: its kind,
 * stay in minutes, fixed time of day, OpenStreetMap opening hours, whether the group sleeps there, and the
 * lodging (jsonb, kept only while overnight). Existing stops hold none of them: null, and not overnight.
 */
export class StopPlanFields1765510000000 implements MigrationInterface {
  name = 'StopPlanFields1765510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE stops
        ADD COLUMN kind text,
        ADD COLUMN stay_minutes integer,
        ADD COLUMN fixed_time text,
        ADD COLUMN opening_hours text,
        ADD COLUMN overnight boolean NOT NULL DEFAULT false,
        ADD COLUMN lodging jsonb
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE stops DROP COLUMN kind, DROP COLUMN stay_minutes, DROP COLUMN fixed_time, DROP COLUMN opening_hours,
        DROP COLUMN overnight, DROP COLUMN lodging
    `);
  }
}
