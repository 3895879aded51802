/**
 * Signed-in requests resolve their session from a short-lived cache, and the cache never outlives a
 * logout, a disabled account, a role change or a session deleted by another process.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD } from '../test/factories.ts';
import { sqlDuring } from '@caravan/engine/test';
import { useTestServer } from '../test/useTestServer.ts';
import { SESSION_CACHE_TTL_MS } from '@caravan/engine';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

/** SQL statements sent while `run` runs that read the sessions table. */
async function sessionReads(run: () => Promise<unknown>): Promise<number> {
  return (await sqlDuring(run)).filter((text) => /\bFROM sessions\b/i.test(text)).length;
}

/** Polls until the call answers `status`; fails if that takes as long as the cache keeps an entry. */
async function answersWithin(call: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < SESSION_CACHE_TTL_MS) {
    if ((await call()).status === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still not ${status} after ${SESSION_CACHE_TTL_MS} ms`);
}

async function signedInAndCached() {
  const user = await buildUser(db());
  const login = await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  // The cache is on once the notification listener is; from then on a repeated call reads no session.
  await expect.poll(() => sessionReads(() => t.api.get('/auth/session', { as: cookie })), { timeout: 5000 }).toBe(0);
  return { user, cookie };
}

describe('session cache', () => {
  it('serves a repeated call without reading the session again', async () => {
    const { cookie } = await signedInAndCached();
    expect(await sessionReads(() => t.api.post('/trips', { title: 'Cached' }, { as: cookie }))).toBe(0);
  });

  it('forgets a session at logout, at once', async () => {
    const { cookie } = await signedInAndCached();
    expect((await t.api.post('/auth/logout', {}, { as: cookie })).status).toBe(200);
    expect((await t.api.get('/auth/session', { as: cookie })).status).toBe(401);
  });

  it('forgets a role change at once', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const { user, cookie } = await signedInAndCached();
    await t.api.adminPost('/admin/users/update-role', { userId: user.id, newRole: 'admin' }, { as: admin });
    expect((await t.api.get('/auth/session', { as: cookie })).body.user.role).toBe('admin');
    expect((await t.api.adminGet('/admin/users', { as: cookie })).status).toBe(200);
  });

  it('forgets sessions another process deletes, and accounts another process disables, well within its lifetime', async () => {
    const first = await signedInAndCached();
    const other = new pg.Client({ connectionString: (db().options as { url: string }).url });
    await other.connect();
    try {
      await other.query(`DELETE FROM sessions WHERE user_id = $1`, [first.user.id]);
      expect(await answersWithin(() => t.api.get('/auth/session', { as: first.cookie }), 401)).toBeLessThan(1000);

      const second = await signedInAndCached();
      await other.query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [second.user.id]);
      expect(await answersWithin(() => t.api.get('/auth/session', { as: second.cookie }), 401)).toBeLessThan(1000);
    } finally {
      await other.end();
    }
  });

  it('forgets a role another process changes, well within its lifetime', async () => {
    const { user, cookie } = await signedInAndCached();
    const other = new pg.Client({ connectionString: (db().options as { url: string }).url });
    await other.connect();
    try {
      await other.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
      const started = Date.now();
      while ((await t.api.get('/auth/session', { as: cookie })).body.user.role !== 'admin') {
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.end();
    }
  });
});
