/**
 * No body, however malformed, makes an account, My Trips or place search call answer 5xx; refused calls
 * change nothing. Every call gets 300 bodies: random JSON, objects over the fields these calls know, and
 * bodies shaped like the call (its fields read from its request schema) whose values are often text at
 * Unicode's edges; the admin calls also get superjson envelopes with malformed meta. Each body is checked
 * against the contract in-process first: the ones it takes go over HTTP, of the ones it refuses a sample
 * (test/contractGate.ts).
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import superjson from 'superjson';
import { callNamed, messages, requestFields } from '@caravan/shared';
import { assertSchemaCurrent, createDataSource, type Trip, type User, forgetSignInSettings } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import { useTestServer } from './test/useTestServer.ts';
import { buildTrip, buildUser, DEFAULT_PASSWORD } from './test/factories.ts';
import { callShapedRecord, edgeText, superjsonEnvelope } from './test/fuzzValues.ts';
import { goesOverHttp, refusedSample, sendRaw } from './test/contractGate.ts';
import { fuzzedCalls } from './test/fuzzedCalls.ts';

const t = useTestServer();
const RUNS = 300;

/** Each call with the fields its request takes. */
const calls = fuzzedCalls.accounts.map((name) => {
  const contract = callNamed(name);
  return { name, contract, fields: requestFields(contract), superjson: contract.path.startsWith('/admin/') };
});
const knownFields = [...new Set(calls.flatMap((call) => call.fields)), 'json', 'meta'];

const junk = fc.oneof(fc.string(), edgeText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));

/** Values for each field: right ones (so some bodies reach the commands), edge text, and junk. */
function fieldValues(victim: User, trip: Trip): Record<string, fc.Arbitrary<unknown>> {
  const mostly = (...values: unknown[]) =>
    fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 2 }, { arbitrary: edgeText, weight: 2 }, { arbitrary: junk, weight: 1 });
  const text = fc.oneof({ arbitrary: edgeText, weight: 3 }, { arbitrary: fc.string({ minLength: 1 }), weight: 1 }, { arbitrary: junk, weight: 1 });
  const email = mostly(victim.email, 'new-traveller@example.com', 'a\u0000@example.com', 'b\ud800@example.com');
  const password = mostly(DEFAULT_PASSWORD, 'Another123');
  const coordinate = fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom('12', '\u0000', '\ud800'), junk);
  return {
    email,
    password,
    newPassword: password,
    currentPassword: password,
    token: text,
    displayName: text,
    distanceUnit: mostly('mi', 'km', null),
    tempToken: text,
    title: text,
    description: text,
    startLocationName: text,
    startLocationAddress: text,
    startLocationLatitude: coordinate,
    startLocationLongitude: coordinate,
    homeCurrency: mostly('USD', 'EUR', 'JPY', 'usd', 'XYZ'),
    latitude: coordinate,
    longitude: coordinate,
    query: text,
    // Points to rank near: a few, too many, not points, or points with junk in them.
    near: fc.oneof(
      fc.array(fc.record({ latitude: coordinate, longitude: coordinate }), { maxLength: 3 }),
      fc.constant(Array.from({ length: 101 }, () => ({ latitude: 45, longitude: -122 }))),
      fc.array(fc.oneof(junk, fc.jsonValue()), { maxLength: 3 }),
      junk,
    ),
    tripId: mostly(trip.id, trip.id.toUpperCase(), `${trip.id.slice(0, -1)}\u0000`),
    userId: mostly(victim.id, 2 ** 31, 0),
    newRole: mostly('admin', 'user'),
    newStatus: mostly('active', 'disabled'),
    role: mostly('owner', 'editor', 'viewer'),
    id: mostly(1, 2 ** 31, -1, 0.5, randomUUID()),
    // Notifications: a page's size and cursor, a kind and its choices.
    limit: mostly(1, 20, 100, 101, 0, 2.5),
    before: mostly(randomUUID(), 'yesterday'),
    kind: mostly('item_assigned', 'poll_closed', 'gossip'),
    inApp: mostly(true, false),
    emailDelivery: mostly('digest', 'each', 'weekly'),
    // A grouped entry's ids: real-looking, empty, too many, not ids.
    ids: fc.oneof(fc.array(mostly(randomUUID(), 'x', 7), { maxLength: 3 }), fc.constant(Array.from({ length: 101 }, () => randomUUID())), junk),
    push: mostly(true, false),
    // Push subscriptions: endpoints (.invalid never resolves: no test reaches a push service) and keys of a real
    // subscription's shape, short, or junk.
    endpoint: mostly('https://push.invalid/send/abc', 'http://push.invalid/send/abc', `https://push.invalid/${'a'.repeat(1100)}`, 'not a url'),
    keys: fc.oneof(fc.record({ p256dh: mostly(PUSH_P256DH, 'BAAA', `${PUSH_P256DH}=`), auth: mostly(PUSH_AUTH, '') }, { requiredKeys: [] }), junk),
    // Codes from an app or backup codes: the right shapes (never right for the victim), and junk.
    code: mostly('123456', '12 34 56', 'abcde-fghjk', '000000'),
    requireSecondFactor: mostly(false, true),
    graceDays: mostly(0, 14, 90, 91, -1, 1.5),
    name: text,
    // Passkey answers: shaped like a browser's, with base64url that decodes to nothing, junk or edge text inside.
    credential: fc.oneof(
      fc.record({
        id: mostly('AAAA', 'QUJD'),
        rawId: mostly('AAAA', 'QUJD'),
        type: mostly('public-key'),
        clientExtensionResults: fc.oneof(fc.constant({}), junk),
        response: fc.record(
          {
            clientDataJSON: mostly(Buffer.from('{"challenge":"abc","type":"webauthn.get"}').toString('base64url'), 'e30'),
            attestationObject: mostly('o2NmbXRkbm9uZQ'),
            authenticatorData: mostly('SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2M'),
            signature: mostly('MEUCIQ'),
            userHandle: mostly('MQ'),
          },
          { requiredKeys: [] },
        ),
      }),
      junk,
    ),
  };
}

/** A push subscription's keys as a browser makes them: an uncompressed P-256 point and 16 random bytes. */
const PUSH_P256DH = createECDH('prime256v1').generateKeys().toString('base64url');
const PUSH_AUTH = randomBytes(16).toString('base64url');

/** superjson will not serialize a body with a key such as 'prototype': the envelope then carries it as plain JSON, as a client could send it. */
function asSuperjsonText(body: unknown): string {
  try {
    return JSON.stringify(superjson.serialize(body));
  } catch {
    return JSON.stringify({ json: body });
  }
}

function bodies({ fields, superjson: enveloped }: (typeof calls)[number], victim: User, trip: Trip): fc.Arbitrary<string> {
  const values = fieldValues(victim, trip);
  const callShaped = callShapedRecord(fields, values, { everyFieldOptional: true });
  const anyFields = fc.dictionary(fc.constantFrom(...knownFields), fc.oneof(junk, fc.jsonValue()));
  const garbage = fc.oneof(fc.jsonValue().map((value) => JSON.stringify(value)), fc.string(), edgeText);
  const plain = fc.oneof(
    { arbitrary: callShaped.map((body) => JSON.stringify(body)), weight: 6 },
    { arbitrary: anyFields.map((body) => JSON.stringify(body)), weight: 2 },
    { arbitrary: garbage, weight: 2 },
  );
  if (!enveloped) return plain;
  const envelope = fc.oneof(
    { arbitrary: callShaped.map(asSuperjsonText), weight: 1 },
    { arbitrary: superjsonEnvelope(fc.oneof(callShaped, fc.jsonValue({ maxDepth: 2 })), fields), weight: 3 },
  );
  return fc.oneof(plain, envelope);
}

async function tableCounts(): Promise<string> {
  const rows = await t.server.deps.dataSource.query(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM trips) AS trips,
            (SELECT count(*) FROM trip_members) AS members, (SELECT count(*) FROM stops) AS stops,
            (SELECT md5(string_agg(concat_ws(',', id, role, status, display_name, password_hash), ';' ORDER BY id)) FROM users) AS accounts,
            (SELECT md5(string_agg(concat_ws(',', id, name, counter), ';' ORDER BY id)) FROM passkeys) AS passkeys,
            (SELECT md5(string_agg(concat_ws(',', user_id, secret, enabled_at, last_used_step), ';' ORDER BY user_id)) FROM totp_factors) AS totp,
            (SELECT count(*) FILTER (WHERE used_at IS NULL) FROM totp_backup_codes) AS backup_codes,
            (SELECT md5(concat_ws(',', require_second_factor, second_factor_grace_days, second_factor_required_since)) FROM site_settings) AS settings`,
  );
  return JSON.stringify(rows[0]);
}

describe('robustness', () => {
  // A body the sign-in settings take may require a second factor, which the admin making the later calls lacks.
  afterEach(async () => {
    await t.server.deps.dataSource.query(`UPDATE site_settings SET require_second_factor = false, second_factor_required_since = NULL`);
    forgetSignInSettings(t.server.deps.dataSource);
  });

  it.each(calls)('$name answers every random body with a 2xx or 4xx, never a 5xx; refusals change nothing', { timeout: 120_000 }, async (call) => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const victim = await buildUser(t.server.deps.dataSource);
    const trip = await buildTrip(t.server.deps.dataSource, admin);
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(bodies(call, victim, trip), fc.oneof({ arbitrary: fc.constant(true), weight: 7 }, fc.constant(false)), refusedSample, async (body, signedIn, sampled) => {
        checked += 1;
        if (!goesOverHttp(call, body, sampled)) return;
        const before = await tableCounts();
        const response = await sendRaw(t.api, call, body, signedIn ? admin : null);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body?.error).toBe('string');
          expect(await tableCounts()).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    expect(checked).toBeGreaterThanOrEqual(RUNS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a user id beyond PostgreSQL integers as invalid, changing nothing', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const trip = await buildTrip(t.server.deps.dataSource, admin);
    const before = await tableCounts();
    for (const [path, body] of [
      ['/admin/users/update-role', { userId: 2 ** 31, newRole: 'admin' }],
      ['/admin/users/update-status', { userId: 2 ** 31, newStatus: 'disabled' }],
      ['/admin/users/add-to-trip', { userId: 2 ** 31, tripId: trip.id, role: 'viewer' }],
    ] as const) {
      const response = await t.api.adminPost(path, body, { as: admin });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.validation.invalidUserId);
    }
    const removed = await t.api.post('/trips/members/remove', { tripId: trip.id, userIdToRemove: 2 ** 31 }, { as: admin });
    expect(removed.status).toBe(400);
    expect(await tableCounts()).toBe(before);
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
