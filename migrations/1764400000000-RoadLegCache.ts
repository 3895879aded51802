import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `road_legs`: the routing provider's answer for one drive, kept so a pair of points is asked of OSRM once
 * (engine/src/routing/roadLegCache.ts). Keyed by provider, profile and both ends rounded to 5
 * decimals (shared `roundCoordinate`), as a leg in the trip document names them.
 */
export class RoadLegCache1764400000000 implements MigrationInterface {
  name = 'RoadLegCache1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE road_legs (
        provider text NOT NULL,
        profile text NOT NULL,
        from_lat numeric(8, 5) NOT NULL,
        from_lon numeric(8, 5) NOT NULL,
        to_lat numeric(8, 5) NOT NULL,
        to_lon numeric(8, 5) NOT NULL,
        minutes integer NOT NULL CHECK (minutes >= 0),
        distance_km numeric(8, 1) NOT NULL CHECK (distance_km >= 0),
        geometry text,
        fetched_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, profile, from_lat, from_lon, to_lat, to_lon)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE road_legs`);
  }
}
