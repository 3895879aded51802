import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stop's progress on the road (docs/product.md#today), projected from the trip document like its plan: `arrived_at`,
 * when the group said "We're here"; `delay_minutes`, how much later than planned it set off for the stop.
 */
export class StopProgress1765740000000 implements MigrationInterface {
  name = 'StopProgress1765740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE stops
        ADD COLUMN arrived_at timestamptz,
        ADD COLUMN delay_minutes int CONSTRAINT stops_delay_minutes_check CHECK (delay_minutes IS NULL OR delay_minutes BETWEEN 0 AND 1440);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stops DROP COLUMN arrived_at, DROP COLUMN delay_minutes`);
  }
}
