/**
 * Text PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) and malformed superjson
 * answer 400 with a clear message and change nothing, where they used to answer 500.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { useTestServer } from './test/useTestServer.ts';
import { buildUser } from './test/factories.ts';
import { tripSnapshot } from './test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from './test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

const NUL = 'Big\u0000Sur';
const HIGH_SURROGATE = 'Big\ud800Sur';
const LOW_SURROGATE = 'Big\udc00Sur';

/** Everything these calls could change: every account, every trip's rows, suggestions and comments. */
async function everything(crew: Crew): Promise<string> {
  const [counts] = await db().query(
    `SELECT (SELECT json_agg(u ORDER BY u.id) FROM users u) AS users, (SELECT count(*) FROM trips) AS trips,
            (SELECT count(*) FROM trip_members) AS members, (SELECT count(*) FROM stop_suggestions) AS suggestions,
            (SELECT count(*) FROM comments) AS comments`,
  );
  return JSON.stringify(counts) + (await tripSnapshot(t.server.deps, [crew.trip.id]));
}

async function firstStopId(crew: Crew): Promise<string> {
  const [row] = await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]);
  return row.id;
}

const newTrip = {
  title: 'Coast',
  description: 'Down the coast',
  startLocationName: 'San Francisco',
  startLocationAddress: 'San Francisco, CA',
  startLocationLatitude: 37.7749,
  startLocationLongitude: -122.4194,
};

type Case = [label: string, path: string, body: (crew: Crew, stopId: string) => Record<string, unknown>, as: 'owner' | null];

const textCases: Case[] = [
  ...(['title', 'description', 'startLocationName', 'startLocationAddress'] as const).flatMap((field): Case[] => [
    [`trip create ${field} with NUL`, '/trips', () => ({ ...newTrip, [field]: NUL }), 'owner'],
    [`trip create ${field} with a lone surrogate`, '/trips', () => ({ ...newTrip, [field]: HIGH_SURROGATE }), 'owner'],
  ]),
  ['register displayName with NUL', '/auth/register_with_password', () => ({ email: 'nul@example.com', password: 'Password123', displayName: NUL }), null],
  ['register displayName with a lone surrogate', '/auth/register_with_password', () => ({ email: 'sur@example.com', password: 'Password123', displayName: LOW_SURROGATE }), null],
  ...(['name', 'address', 'notes'] as const).map((field): Case => [
    `stop add ${field} with a lone surrogate`,
    '/trips/stops',
    (crew) => ({ tripId: crew.trip.id, name: 'Bixby Bridge', latitude: 36.37, longitude: -121.9, [field]: HIGH_SURROGATE }),
    'owner',
  ]),
  ['stop add name with NUL', '/trips/stops', (crew) => ({ tripId: crew.trip.id, name: NUL }), 'owner'],
  ['update-content journalContent with a lone surrogate', '/trips/stops/update-content', (crew, stopId) => ({ tripId: crew.trip.id, stopId, journalContent: HIGH_SURROGATE }), 'owner'],
  ['update-content journalContent with a lone low surrogate', '/trips/stops/update-content', (crew, stopId) => ({ tripId: crew.trip.id, stopId, journalContent: LOW_SURROGATE }), 'owner'],
  ...(['name', 'address', 'notes'] as const).map((field): Case => [
    `suggestion create ${field} with a lone surrogate`,
    '/trips/suggestions/create',
    (crew) => ({ tripId: crew.trip.id, name: 'Bixby Bridge', [field]: HIGH_SURROGATE }),
    'owner',
  ]),
  ['comment create content with a lone surrogate', '/trips/comments/create', (crew, stopId) => ({ tripId: crew.trip.id, stopId, content: HIGH_SURROGATE }), 'owner'],
  ['comment create content with NUL', '/trips/comments/create', (crew, stopId) => ({ tripId: crew.trip.id, stopId, content: NUL }), 'owner'],
];

describe('text PostgreSQL cannot store', () => {
  it.each(textCases)('%s answers 400 with a clear message and changes nothing', async (_label, path, body, as) => {
    const crew = await tripWithCrew(db());
    const before = await everything(crew);

    const response = await t.api.post(path, body(crew, await firstStopId(crew)), { as: as && crew[as] });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.textNotAllowed);
    expect(await everything(crew)).toBe(before);
  });

  it('still takes a surrogate pair, right-to-left marks and combining marks', async () => {
    const crew = await tripWithCrew(db());
    const name = 'Caf\u0065\u0301 \u{1F699} \u200F\u05D0\u05D1';

    const response = await t.api.post('/trips/stops', { tripId: crew.trip.id, name }, { as: crew.owner });

    expect(response.status).toBe(201);
    expect(response.body.name).toBe(name);
  });
});

describe('text that looks like an escape', () => {
  it('keeps a typed \\u0000 as typed, in a stop and in its comment', async () => {
    const crew = await tripWithCrew(db());
    const typed = 'C:\\u0000 drive \\ud800';

    const stop = await t.api.post('/trips/stops', { tripId: crew.trip.id, name: typed, notes: typed }, { as: crew.owner });
    expect(stop.status).toBe(201);
    const comment = await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId: stop.body.id, content: typed }, { as: crew.owner });
    expect(comment.status).toBe(201);

    const [row] = await db().query(`SELECT name, notes FROM stops WHERE id = $1`, [stop.body.id]);
    expect(row).toEqual({ name: typed, notes: typed });
    const [stored] = await db().query(`SELECT content FROM comments WHERE id = $1`, [comment.body.id]);
    expect(stored.content).toBe(typed);
  });
});

describe('malformed superjson on the admin calls', () => {
  const calls: [path: string, json: (crew: Crew) => Record<string, unknown>][] = [
    ['/admin/users/update-role', (crew) => ({ userId: crew.outsider.id, newRole: 'admin' })],
    ['/admin/users/update-status', (crew) => ({ userId: crew.outsider.id, newStatus: 'disabled' })],
    ['/admin/users/add-to-trip', (crew) => ({ userId: crew.outsider.id, tripId: crew.trip.id, role: 'editor' })],
    ['/admin/reset-password', (crew) => ({ email: crew.outsider.email, newPassword: 'Another123' })],
  ];
  /** Each meta aims at `field`, a field the call takes; the body parser already refuses a raw `__proto__` key. */
  const metas: [label: string, meta: (field: string) => string][] = [
    ['a __proto__ path', () => '{"values":{"__proto__.polluted":["undefined"]}}'],
    ['a __proto__ referential path', (field) => `{"referentialEqualities":{"${field}":["__proto__.polluted"]}}`],
    ['an unknown class', (field) => `{"values":{"${field}":[["class","Evil"]]}}`],
    ['an unknown custom type', (field) => `{"values":{"${field}":[["custom","Evil"]]}}`],
    ['an unknown transformation', (field) => `{"values":{"${field}":["bogus"]}}`],
    ['a map made of a scalar', (field) => `{"values":{"${field}":["map"]}}`],
  ];
  const cases = calls.flatMap(([path, json]) => metas.map(([label, meta]) => [path, label, json, meta] as const));

  it.each(cases)('%s with %s answers 400 with a clear message and changes nothing', async (path, _label, json, meta) => {
    const crew = await tripWithCrew(db());
    const admin = await buildUser(db(), { role: 'admin' });
    const before = await everything(crew);

    const body = json(crew);
    const response = await t.api.post(path, `{"json":${JSON.stringify(body)},"meta":${meta(Object.keys(body)[0])}}`, { as: admin });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.invalidSuperjson);
    expect(await everything(crew)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
