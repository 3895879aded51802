/**
 * /trips/details is matched ahead of the general chain (tripDetailsFastPath.ts): whatever is wrong with a request,
 * it answers what the general chain answers a sibling call (/trips/share: signed in, JSON body) before its handler
 * runs, status, error text, headers and cleared cookie alike; and the forms of its path the router takes are served.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { SESSION_COOKIE } from '@caravan/engine';
import { buildTrip, buildUser } from '../../test/factories.ts';
import { sessionCookieFor } from '../../test/sessionCookie.ts';
import { setSecondFactorRequirement } from '../../test/signInSettings.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

interface Sent {
  cookie?: string;
  headers?: Record<string, string>;
  body?: string;
}

async function send(path: string, { cookie, headers = {}, body }: Sent, method = 'POST') {
  const response = await fetch(`${t.server.url}/_api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }), ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** What every answer carries, whichever chain made it. */
const SHARED_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy'];

describe('the fast path of /trips/details', () => {
  it('answers a faulty request as the general chain answers it, before any handler', async () => {
    const user = await buildUser(db());
    const trip = await buildTrip(db(), user);
    const cookie = await sessionCookieFor(db(), user);
    const body = JSON.stringify({ tripId: trip.id });
    const cases: Array<[string, Sent, number, string]> = [
      ['anonymous', { body }, 401, messages.auth.notAuthenticated],
      ['a session that is gone', { cookie: `${SESSION_COOKIE}=gone`, body }, 401, messages.auth.notAuthenticated],
      ['another site by Origin', { cookie, body, headers: { origin: 'https://elsewhere.example' } }, 403, messages.common.crossSite],
      ['another site by Sec-Fetch-Site', { cookie, body, headers: { 'sec-fetch-site': 'cross-site' } }, 403, messages.common.crossSite],
      ['not JSON', { cookie, body, headers: { 'content-type': 'text/plain' } }, 415, messages.common.unsupportedMediaType],
      ['broken JSON', { cookie, body: '{"tripId":' }, 400, messages.validation.invalidBody],
      ['JSON that is no object', { cookie, body: '"tripId"' }, 400, messages.validation.invalidBody],
      ['a poisoned prototype', { cookie, body: `{"tripId":"${trip.id}","__proto__":{"x":1}}` }, 400, messages.validation.invalidBody],
      ['a body over the limit', { cookie, body: JSON.stringify({ tripId: trip.id, pad: 'x'.repeat(150_000) }) }, 413, messages.common.payloadTooLarge],
    ];
    for (const [what, sent, status, error] of cases) {
      const fast = await send('/trips/details', sent);
      const general = await send('/trips/share', sent);
      expect({ what, status: fast.status, text: fast.text }).toEqual({ what, status, text: JSON.stringify({ error }) });
      expect({ what, status: general.status, text: general.text }).toEqual({ what, status: fast.status, text: fast.text });
      for (const header of [...SHARED_HEADERS, 'x-request-id', 'set-cookie']) {
        expect(fast.headers.has(header), `${what}: ${header}`).toBe(general.headers.has(header));
      }
      for (const header of SHARED_HEADERS) expect(fast.headers.get(header), `${what}: ${header}`).toBe(general.headers.get(header));
      expect(fast.headers.get('set-cookie'), what).toBe(general.headers.get('set-cookie'));
    }
  });

  it('holds a member without a second factor past the grace to setting one up, as every other call does', async () => {
    const user = await buildUser(db());
    const trip = await buildTrip(db(), user);
    const cookie = await sessionCookieFor(db(), user);
    const body = JSON.stringify({ tripId: trip.id });
    await setSecondFactorRequirement(db(), { required: true, graceDays: 1, daysAgo: 2 });
    try {
      for (const path of ['/trips/details', '/trips/share']) {
        expect(await send(path, { cookie, body })).toMatchObject({ status: 403, text: JSON.stringify({ error: messages.twoFactor.setupRequired }) });
      }
    } finally {
      await setSecondFactorRequirement(db(), { required: false });
    }
    expect((await send('/trips/details', { cookie, body })).status).toBe(200);
  });

  it('serves the forms of the path the router takes, echoes the request id, and leaves other methods to the general chain', async () => {
    const user = await buildUser(db());
    const trip = await buildTrip(db(), user);
    const cookie = await sessionCookieFor(db(), user);
    const body = JSON.stringify({ tripId: trip.id });
    const plain = await send('/trips/details', { cookie, body, headers: { 'x-request-id': 'trace-42' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-request-id')).toBe('trace-42');
    expect(JSON.parse(plain.text)).toMatchObject({ id: trip.id, role: 'owner' });
    for (const path of ['/trips/details/', '/Trips/Details']) {
      const other = await send(path, { cookie, body });
      expect({ path, status: other.status, text: other.text }).toEqual({ path, status: 200, text: plain.text });
    }
    const get = await send('/trips/details', { cookie }, 'GET');
    expect(get).toMatchObject({ status: 404, text: JSON.stringify({ error: messages.common.notFound }) });
  });
});
