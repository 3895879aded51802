import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@caravan/engine';
import { pushPayload } from './pushPayload.ts';
import { outcomeOfStatus, retryAfterSeconds } from './pushSender.ts';
import { vapidAuthorization } from './vapidAuthorization.ts';
import { vapidDetails } from './vapidKeys.ts';

describe("what a push service's answer means", () => {
  it('sent, gone (404, 410), later (429, 5xx, with its Retry-After), refused (other 4xx)', () => {
    expect(outcomeOfStatus(201, undefined)).toEqual({ kind: 'sent' });
    expect(outcomeOfStatus(404, undefined)).toEqual({ kind: 'gone' });
    expect(outcomeOfStatus(410, undefined)).toEqual({ kind: 'gone' });
    expect(outcomeOfStatus(429, '30')).toEqual({ kind: 'later', afterSeconds: 30, reason: 'status 429' });
    expect(outcomeOfStatus(503, undefined)).toEqual({ kind: 'later', afterSeconds: null, reason: 'status 503' });
    expect(outcomeOfStatus(413, undefined)).toEqual({ kind: 'refused', reason: 'status 413' });
    expect(outcomeOfStatus(403, undefined)).toEqual({ kind: 'refused', reason: 'status 403' });
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-12-02T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Wed, 02 Dec 2026 12:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});

describe('the VAPID identity', () => {
  const base = { ...loadConfig({ PROVIDERS: 'offline' }), publicOrigin: 'http://localhost:3000', mailFrom: 'Caravan <trips@caravan.test>' };

  it('is made once into the data folder and kept; the subject is the https site, else the From address', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-vapid-'));
    const first = vapidDetails({ ...base, dataDir });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(vapidDetails({ ...base, dataDir })).toEqual(first);
    expect(first.subject).toBe('mailto:trips@caravan.test');
    expect(vapidDetails({ ...base, dataDir, publicOrigin: 'https://trips.example.org' }).subject).toBe('https://trips.example.org');
    fs.rmSync(dataDir, { recursive: true });
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, set together, and VAPID_SUBJECT', () => {
    const config = loadConfig({ PROVIDERS: 'offline', VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@example.org' });
    expect(vapidDetails({ ...config, dataDir: '/nonexistent' })).toEqual({ subject: 'mailto:ops@example.org', publicKey: 'pub', privateKey: 'priv' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'pub' })).toThrow('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  });

  it('signs a token per push service and reuses it for an hour', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-vapid-'));
    let clock = Date.parse('2026-12-02T12:00:00Z');
    const authorization = vapidAuthorization(vapidDetails({ ...base, dataDir }), () => clock);
    const first = authorization('https://push.invalid/send/a');
    expect(authorization('https://push.invalid/send/b')).toBe(first);
    expect(authorization('https://other.invalid/send/a')).not.toBe(first);
    const claims = JSON.parse(Buffer.from(first.split(/[ .,]/)[2], 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'https://push.invalid', exp: clock / 1000 + 12 * 3600 });
    clock += 3600_000 + 1;
    expect(authorization('https://push.invalid/send/a')).not.toBe(first);
    fs.rmSync(dataDir, { recursive: true });
  });
});

describe('what a push carries', () => {
  it('the trip, the sentence and the deep link, clipped to stay small', () => {
    const row = { id: 'n1', kind: 'stop_commented' as const, actorName: 'Olive Owner', tripId: 't1', tripTitle: 'Great Lakes Loop', stopId: 's1', data: { stopName: 'Munising' } };
    expect(pushPayload(row)).toEqual({ title: 'Great Lakes Loop', body: 'Olive Owner commented on “Munising” on “Great Lakes Loop”', url: '/trips/t1?stop=s1', tag: 'n1' });
    const long = pushPayload({ ...row, stopId: null, tripTitle: 'T'.repeat(500), data: { stopName: 'S'.repeat(2000) } });
    expect(long.title).toHaveLength(80);
    expect(long.body).toHaveLength(240);
    expect(long.body.endsWith('…')).toBe(true);
    expect(long.url).toBe('/trips/t1');
  });
});
