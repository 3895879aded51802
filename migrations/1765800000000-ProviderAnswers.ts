import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remote providers' answers, kept for every process on the database (engine/src/remote/keptAnswers.ts): one row per
 * kind of answer ("Photon", "Overpass corridor") and question, with when it was fetched.
 */
export class ProviderAnswers1765800000000 implements MigrationInterface {
  name = 'ProviderAnswers1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE provider_answers (kind text NOT NULL, key text NOT NULL, answer jsonb NOT NULL, fetched_at timestamptz NOT NULL, PRIMARY KEY (kind, key))`,
    );
    await queryRunner.query(`CREATE INDEX provider_answers_age ON provider_answers (kind, fetched_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE provider_answers`);
  }
}
