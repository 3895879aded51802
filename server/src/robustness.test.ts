/** No body, however malformed, makes a SPEC-1 call answer 5xx; refused calls change nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import superjson from 'superjson';
import { createDataSource, assertSchemaCurrent } from './db/dataSource.ts';
import { useTestServer } from './test/useTestServer.ts';
import { buildTrip, buildUser } from './test/factories.ts';
import { createTestDatabase } from './test/testDatabase.ts';

const t = useTestServer();

const posts = [
  '/auth/login_with_password',
  '/auth/register_with_password',
  '/auth/establish_session',
  '/auth/logout',
  '/trips',
  '/trips/delete',
  '/search/locations',
  '/admin/users/update-role',
  '/admin/users/update-status',
  '/admin/users/add-to-trip',
  '/admin/reset-password',
];

const anyBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.dictionary(
    fc.constantFrom('email', 'password', 'displayName', 'title', 'tripId', 'userId', 'query', 'newRole', 'json', 'meta', 'role'),
    fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue()),
  ).map((value) => JSON.stringify(value)),
);

async function tableCounts(): Promise<string> {
  const rows = await t.server.deps.dataSource.query(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM trips) AS trips,
            (SELECT count(*) FROM trip_members) AS members, (SELECT count(*) FROM stops) AS stops`,
  );
  return JSON.stringify(rows[0]);
}

describe('robustness', () => {
  it('answers every random body to every call with a 2xx or 4xx, never a 5xx', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    await buildTrip(t.server.deps.dataSource, admin);
    const before = await tableCounts();
    let registered = 0;
    let created = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), anyBody, fc.boolean(), async (path, body, signedIn) => {
        const response = await t.api.post(path, body, { as: signedIn ? admin : null });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.body?.error).toBe('string');
        if (response.status === 201 && path === '/auth/register_with_password') registered += 1;
        if (response.status === 201 && path === '/trips') created += 1;
      }),
      { numRuns: 400 },
    );
    // Only the calls that succeeded changed anything.
    expect(await tableCounts()).toEqual(before);
    expect({ registered, created }).toEqual({ registered: 0, created: 0 });
  });

  it('refuses superjson envelopes with extra keys as extra properties', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const body = { ...superjson.serialize({ userId: 1, newRole: 'admin' }), extra: true };
    const response = await t.api.post('/admin/users/update-role', body, { as: admin });
    expect(response.status).toBe(400);
  });
});

describe('schema guard', () => {
  it('refuses to serve a database whose migrations are behind', async () => {
    const url = await createTestDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DELETE FROM migrations');
    await client.end();
    const dataSource = await createDataSource(url, 1).initialize();
    await expect(assertSchemaCurrent(dataSource)).rejects.toThrow(/npm run migrate/);
    await dataSource.destroy();
  });
});
