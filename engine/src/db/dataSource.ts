/** The TypeORM data source: explicit entities and migrations, never synchronised implicitly. */
import { DataSource, type EntityManager } from 'typeorm';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
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

/** SQL run as a named prepared statement: the name must be unique to the text. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * Runs `statement` as a named prepared statement (parsed and planned once per connection): for statements on the
 * hot path. With an EntityManager inside a transaction it runs on that transaction's connection.
 */
export async function queryPrepared<Row>(db: DataSource | EntityManager, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const runner = db instanceof DataSource ? null : db.queryRunner;
  const client: Pick<Pool, 'query'> = runner
    ? ((await runner.connect()) as PoolClient)
    : pgPool(db instanceof DataSource ? db : db.connection);
  const { rows } = await client.query<Row & QueryResultRow>({ ...statement, values });
  return rows;
}
