import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { SESSION_COOKIE } from '@caravan/engine';
import { useTestServer } from '../test/useTestServer.ts';
import { buildUser, DEFAULT_PASSWORD } from '../test/factories.ts';

// Behind a TLS proxy that nobody told Caravan to trust: requests arrive over plain HTTP.
const t = useTestServer({ publicOrigin: 'https://caravan.example', trustProxy: false });

/** A POST with headers fetch will not let a caller choose (Host). */
function rawPost(path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${t.server.url}/_api${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('PUBLIC_ORIGIN is the site', () => {
  it('refuses a cross-site POST whose Origin matches a spoofed Host, and changes nothing', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const spoofed = await rawPost(
      '/auth/login_with_password',
      { host: 'rebound.example', origin: 'http://rebound.example' },
      { email: user.email, password: DEFAULT_PASSWORD },
    );
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error).toBe(messages.common.crossSite);
    const [{ count }] = await t.server.deps.dataSource.query(`SELECT count(*)::int AS count FROM sessions WHERE user_id = $1`, [user.id]);
    expect(count).toBe(0);

    const ownSite = await rawPost('/auth/login_with_password', { origin: 'https://caravan.example' }, { email: user.email, password: DEFAULT_PASSWORD });
    expect(ownSite.status).toBe(200);
  });

  it('sets Secure cookies and HSTS for an https PUBLIC_ORIGIN without TRUST_PROXY', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toMatch(/;\s*secure/i);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('PUBLIC_ORIGIN over plain HTTP', () => {
  const plain = useTestServer();

  it('keeps cookies without Secure and sends no HSTS', async () => {
    const user = await buildUser(plain.server.deps.dataSource);
    const response = await plain.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/;\s*secure/i);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
