/** The TypeORM data source: explicit entities and migrations, never synchronised implicitly. */
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { migrations } from '@caravan/migrations';
import { entities } from '../entities/index.ts';

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: poolSize },
  });
}

/** The pg pool behind a data source, for libraries that speak pg directly (rate limiter, LISTEN). */
export function pgPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

export async function runMigrations(dataSource: DataSource): Promise<void> {
  await dataSource.runMigrations({ transaction: 'each' });
}

/** Refuses to serve a database whose schema is behind this code. */
export async function assertSchemaCurrent(dataSource: DataSource): Promise<void> {
  if (await dataSource.showMigrations()) {
    throw new Error('The database schema is behind this version of Caravan. Run `npm run migrate` first.');
  }
}
