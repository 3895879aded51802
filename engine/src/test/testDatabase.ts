/**
 * A fresh, migrated database for one test file, cloned from the template the global setup prepared; or,
 * `{ migrated: false }`, an empty one (to run migrations on data of an older schema).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from '../../../test/databaseUrls.ts';

export async function createTestDatabase({ migrated = true } = {}): Promise<string> {
  const serverUrl = inject('postgresUrl');
  const name = `caravan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated ? TEMPLATE_DATABASE : 'template0'}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}
