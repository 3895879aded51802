import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weather provider's answers per place (server/src/providers/weather): a place is a 0.1° grid cell, keyed by
 * its centre in tenths of a degree; `kind` is 'forecast' (asked again after an hour) or 'normals' (the climate of
 * each day of the year from ten years of the archive, computed once). `answer` is the parsed series as JSON.
 * And the trip's plan setting `warn_after_sunset`: whether a day's drive arriving after sunset is warned of (off).
 */
export class Weather1765700000000 implements MigrationInterface {
  name = 'Weather1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE weather_places (
        kind text NOT NULL,
        lat_tenths smallint NOT NULL,
        lon_tenths smallint NOT NULL,
        fetched_at timestamptz NOT NULL DEFAULT now(),
        answer jsonb NOT NULL,
        PRIMARY KEY (kind, lat_tenths, lon_tenths)
      );
      CREATE INDEX weather_places_fetched_at_idx ON weather_places (fetched_at);
      ALTER TABLE trips ADD COLUMN warn_after_sunset boolean NOT NULL DEFAULT false;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE trips DROP COLUMN warn_after_sunset; DROP TABLE weather_places;`);
  }
}
