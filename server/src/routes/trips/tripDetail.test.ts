import { describe, expect, it } from 'vitest';
import { messages, readMeta, ZPublicTrip, ZTripDetail } from '@caravan/shared';
import { TripEntity } from '@caravan/engine';
import { buildUser } from '../../test/factories.ts';
import { sqlDuring } from '@caravan/engine/test';
import { addJournalEntry, addStops, stopRows } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

async function tripWithRoles() {
  const { outsider: stranger, ...crew } = await tripWithCrew(db(), { title: 'Pacific Coast Highway' });
  return { ...crew, stranger };
}

const tripRow = (tripId: string) => db().getRepository(TripEntity).findOneByOrFail({ id: tripId });
const liveMeta = async (tripId: string) => readMeta((await t.server.deps.tripDocs.open(tripId))!.doc);

describe('POST /trips/details', () => {
  it('gives the owner the trip with ordered stops, journal entries with photos, and the share token', async () => {
    const { owner, trip } = await tripWithRoles();
    const stops = await addStops(t.server.deps, trip, owner, ['Monterey', 'Big Sur']);
    const older = await addJournalEntry(t.server.deps, {
      trip,
      stopId: stops[2].id,
      authorId: owner.id,
      content: 'Fog all morning',
      entryDate: new Date('2024-05-01T10:00:00Z'),
    });
    const newer = await addJournalEntry(t.server.deps, {
      trip,
      stopId: stops[2].id,
      authorId: owner.id,
      content: null,
      entryDate: new Date('2024-05-02T10:00:00Z'),
      photos: 2,
    });
    await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });

    const response = await t.api.post('/trips/details', { tripId: trip.id }, { as: owner });
    expect(response.status).toBe(200);
    const detail = ZTripDetail.strict().parse(response.body);
    expect(detail).toMatchObject({
      id: trip.id,
      userId: owner.id,
      title: 'Pacific Coast Highway',
      description: 'Down the coast',
      heroImage: null,
      isPublic: true,
      routeMode: true,
      role: 'owner',
    });
    expect(detail.shareToken).toBe((await tripRow(trip.id)).shareToken);
    expect(detail.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(detail.stops.map(({ name, stopOrder }) => [name, stopOrder])).toEqual([
      ['San Francisco', 0],
      ['Monterey', 1],
      ['Big Sur', 2],
    ]);
    expect(detail.stops[0]).toMatchObject({ latitude: 37.7749, longitude: -122.4194, address: 'San Francisco, CA, United States' });
    expect(detail.stops[2].journalEntries).toEqual([
      {
        id: newer.id,
        stopId: stops[2].id,
        content: null,
        photos: newer.photoUrls,
        entryDate: '2024-05-02T10:00:00.000Z',
        createdAt: expect.any(String),
      },
      expect.objectContaining({ id: older.id, content: 'Fog all morning', photos: [] }),
    ]);
    expect(newer.photoUrls[0]).toMatch(/^\/_api\/photos\/[0-9a-f-]{36}$/);
    expect(detail.stops[0].journalEntries).toEqual([]);
  });

  it('presents legacy content as the entry legacy-{stop id}', async () => {
    const { owner, trip } = await tripWithRoles();
    const [first] = await stopRows(db(), trip.id);
    await db().query(`UPDATE stops SET journal_content = 'Old notes', photos = '["https://example.com/a.jpg"]' WHERE id = $1`, [first.id]);
    const response = await t.api.post('/trips/details', { tripId: trip.id }, { as: owner });
    expect(response.body.stops[0]).toMatchObject({
      journalContent: 'Old notes',
      photos: ['https://example.com/a.jpg'],
      journalEntries: [{ id: `legacy-${first.id}`, stopId: first.id, content: 'Old notes', photos: ['https://example.com/a.jpg'] }],
    });
  });

  it('tells editors and viewers their role and never shows them the share token', async () => {
    const { owner, editor, viewer, trip } = await tripWithRoles();
    await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    for (const [user, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const response = await t.api.post('/trips/details', { tripId: trip.id }, { as: user });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ role, isPublic: true, shareToken: null });
    }
  });

  it('hides the trip from non-members (also admins and readers of a public trip) and refuses anonymous callers', async () => {
    const { owner, stranger, trip } = await tripWithRoles();
    const admin = await buildUser(db(), { role: 'admin' });
    for (const user of [stranger, admin]) {
      const response = await t.api.post('/trips/details', { tripId: trip.id }, { as: user });
      expect(response).toMatchObject({ status: 404, body: { error: messages.trips.notFound } });
    }
    await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    expect((await t.api.post('/trips/details', { tripId: trip.id }, { as: stranger })).status).toBe(404);
    expect((await t.api.post('/trips/details', { tripId: trip.id })).status).toBe(401);
    expect((await t.api.post('/trips/details', { tripId: crypto.randomUUID() }, { as: owner })).status).toBe(404);
  });

  it('refuses a member whose account was disabled', async () => {
    const { trip, editor } = await tripWithRoles();
    await db().query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [editor.id]);
    expect((await t.api.post('/trips/details', { tripId: trip.id }, { as: editor })).status).toBe(401);
  });

  it.each([
    [{}, messages.validation.invalidTripId],
    [{ tripId: 'abc' }, messages.validation.invalidTripId],
    [{ tripId: crypto.randomUUID(), role: 'owner' }, 'Unrecognized extra properties: role'],
  ])('refuses %j', async (body, error) => {
    const user = await buildUser(db());
    expect(await t.api.post('/trips/details', body, { as: user })).toMatchObject({ status: 400, body: { error } });
  });

  it('reads each table once, however many stops, entries and photos', async () => {
    const { owner, trip } = await tripWithRoles();
    const stops = await addStops(t.server.deps, trip, owner, ['A', 'B', 'C', 'D', 'E']);
    for (const stop of stops) {
      for (const day of [1, 2]) {
        await addJournalEntry(t.server.deps, {
          trip,
          stopId: stop.id,
          authorId: owner.id,
          content: `Day ${day}`,
          entryDate: new Date(`2024-06-0${day}`),
          photos: 2,
        });
      }
    }
    await t.api.post('/trips/details', { tripId: trip.id }, { as: owner }); // session cached, touched
    // A change to the trip document: the stops kept from the call above are stale now.
    await t.api.post('/trips/route-mode', { tripId: trip.id, routeMode: false }, { as: owner });
    // Its legs are worked out after a debounce: done now, so their reads land in no count below.
    await t.server.deps.legs.settle();
    const details = async () => {
      let body: { stops: Array<{ journalEntries: Array<{ photos: string[] }> }> } | undefined;
      const sql = await sqlDuring(async () => {
        body = (await t.api.post('/trips/details', { tripId: trip.id }, { as: owner })).body;
      });
      expect(body!.stops).toHaveLength(6);
      expect(body!.stops.slice(1).every((stop) => stop.journalEntries.length === 2 && stop.journalEntries[0].photos.length === 2)).toBe(true);
      const reading = (table: string) => sql.filter((text) => new RegExp(`\\b(FROM|JOIN)\\s+"?${table}"?\\b`, 'i').test(text)).length;
      const counts = { trips: reading('trips'), stops: reading('stops'), journal: reading('journal_entries'), photos: reading('photos'), statements: sql.length };
      return { counts, sql };
    };
    const expectReads = async (expected: Awaited<ReturnType<typeof details>>['counts']) => {
      const { counts, sql } = await details();
      expect(counts, sql.join('\n')).toEqual(expected);
    };
    // At most one more statement for the session and its user; nothing per stop.
    await expectReads({ trips: 1, stops: 1, journal: 1, photos: 1, statements: 2 });
    // Nothing changed since: the stops come from the cache, revalidated by the trip's statement alone.
    await expectReads({ trips: 1, stops: 0, journal: 0, photos: 0, statements: 1 });
  });

  it('reads the access of requests that arrive together in one statement, each answered as its own caller', async () => {
    const pacific = await tripWithRoles();
    const other = await tripWithCrew(db(), { title: 'Route 66' });
    // Sessions and stops cached, so what is left to read is each caller's access row.
    const callers = [
      { user: pacific.owner, trip: pacific.trip },
      { user: pacific.editor, trip: pacific.trip },
      { user: pacific.viewer, trip: pacific.trip },
      { user: other.owner, trip: other.trip },
      { user: pacific.stranger, trip: pacific.trip },
      { user: other.viewer, trip: pacific.trip },
    ];
    const ask = () => Promise.all(callers.map(({ user, trip }) => t.api.post('/trips/details', { tripId: trip.id }, { as: user })));
    await ask();
    let answers: Awaited<ReturnType<typeof ask>> = [];
    const sql = await sqlDuring(async () => {
      answers = await ask();
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 404, 404]);
    expect(answers.slice(0, 4).map((answer) => [answer.body.title, answer.body.role])).toEqual([
      ['Pacific Coast Highway', 'owner'],
      ['Pacific Coast Highway', 'editor'],
      ['Pacific Coast Highway', 'viewer'],
      ['Route 66', 'owner'],
    ]);
    expect(answers[4].body.error).toBe(messages.trips.notFound);
    const accessReads = sql.filter((text) => /\bJOIN\s+trip_members\b/i.test(text)).length;
    expect(accessReads).toBeGreaterThanOrEqual(1);
    expect(accessReads).toBeLessThan(callers.length);
  });
});

describe('POST /trips/share', () => {
  it('makes the trip public with a 128-bit token, keeps it while public, and revokes it for good', async () => {
    const { owner, trip } = await tripWithRoles();
    const shared = await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    expect(shared.status).toBe(200);
    expect(Object.keys(shared.body).sort()).toEqual(['isPublic', 'shareToken']);
    const token: string = shared.body.shareToken;
    expect(shared.body.isPublic).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(Buffer.from(token, 'base64url').toString('base64url')).toBe(token);
    expect(await tripRow(trip.id)).toMatchObject({ isPublic: true, shareToken: token });
    expect(await liveMeta(trip.id)).toMatchObject({ isPublic: true });

    const again = await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    expect(again.body).toEqual({ isPublic: true, shareToken: token });

    const hidden = await t.api.post('/trips/share', { tripId: trip.id, isPublic: false }, { as: owner });
    expect(hidden.body).toEqual({ isPublic: false, shareToken: null });
    expect(await tripRow(trip.id)).toMatchObject({ isPublic: false, shareToken: null });
    expect(await liveMeta(trip.id)).toMatchObject({ isPublic: false });
    expect((await t.api.post('/trips/public', { shareToken: token })).status).toBe(404);

    const reshared = await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    expect(reshared.body.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(reshared.body.shareToken).not.toBe(token);
    expect((await t.api.post('/trips/public', { shareToken: token })).status).toBe(404);
    expect((await t.api.post('/trips/public', { shareToken: reshared.body.shareToken })).status).toBe(200);
  });

  it('is the owner\'s alone and changes nothing when refused', async () => {
    const { editor, viewer, stranger, trip } = await tripWithRoles();
    expect((await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: editor })).status).toBe(403);
    expect((await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: viewer })).status).toBe(403);
    expect((await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: stranger })).status).toBe(404);
    expect((await t.api.post('/trips/share', { tripId: trip.id, isPublic: true })).status).toBe(401);
    expect(await tripRow(trip.id)).toMatchObject({ isPublic: false, shareToken: null });
  });

  it.each([
    [{ isPublic: 'yes' }, messages.tripSettings.invalidIsPublic],
    [{}, messages.tripSettings.invalidIsPublic],
    [{ isPublic: true, shareToken: 'mine' }, 'Unrecognized extra properties: shareToken'],
    [{ isPublic: true, userId: 1 }, 'Unrecognized extra properties: userId'],
  ])('refuses %j', async (extra, error) => {
    const { owner, trip } = await tripWithRoles();
    expect(await t.api.post('/trips/share', { tripId: trip.id, ...extra }, { as: owner })).toMatchObject({ status: 400, body: { error } });
    expect(await tripRow(trip.id)).toMatchObject({ isPublic: false, shareToken: null });
  });
});

describe('POST /trips/public', () => {
  it('shows anyone a public trip, read-only: no e-mails, no members, no token', async () => {
    const { owner, editor, stranger, trip } = await tripWithRoles();
    const stops = await addStops(t.server.deps, trip, owner, ['Carmel']);
    const entry = await addJournalEntry(t.server.deps, {
      trip,
      stopId: stops[1].id,
      authorId: owner.id,
      content: 'Beach day',
      entryDate: new Date('2024-07-01'),
      photos: 1,
    });
    const { shareToken } = (await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner })).body;

    for (const as of [undefined, stranger, editor]) {
      const response = await t.api.post('/trips/public', { shareToken }, { as });
      expect(response.status).toBe(200);
      const publicTrip = ZPublicTrip.strict().parse(response.body);
      expect(Object.keys(response.body).sort()).toEqual([
        'arrivalTime', 'createdAt', 'dailyDriveLimitMinutes', 'departureTime', 'description', 'earliestDeparture', 'heroImage', 'id',
        'routeMode', 'startDate', 'stops', 'title', 'userId', 'vehicle', 'warnAfterSunset',
      ]);
      expect(publicTrip).toMatchObject({ id: trip.id, userId: owner.id, title: 'Pacific Coast Highway' });
      expect(publicTrip.stops.map((stop) => stop.name)).toEqual(['San Francisco', 'Carmel']);
      expect(publicTrip.stops[1].journalEntries).toMatchObject([{ id: entry.id, content: 'Beach day', photos: entry.photoUrls }]);
      const text = JSON.stringify(response.body);
      for (const secret of [owner.email, editor.email, shareToken, 'email', 'shareToken', 'role', 'isPublic']) expect(text).not.toContain(secret);
    }
    // The photos it lists load for an anonymous reader while the trip is public.
    expect((await t.api.get(entry.photoUrls[0].replace('/_api', ''))).status).toBe(200);
  });

  it("shows a public trip's road and plan settings as its members see them, so its leave-by times are theirs; not a lodging's confirmation number", async () => {
    const { owner, editor, trip } = await tripWithRoles();
    const [, bigSur] = await addStops(t.server.deps, trip, owner, ['Big Sur']);
    const vehicle = { kind: 'fuel', rangeKm: 640, reservePercent: 10, departureFillPercent: 100 };
    const settings = { arrivalTime: '16:00', dailyDriveLimitMinutes: 300, startDate: '2026-06-20', departureTime: '07:30', earliestDeparture: '07:00', vehicle };
    expect((await t.api.post('/trips/road-settings', { tripId: trip.id, ...settings }, { as: owner })).status).toBe(200);
    const lodging = { name: 'Glen Oaks', address: null, checkIn: '16:00', checkOut: '11:00', confirmation: 'GO-4471', url: null, price: null, nights: 1 };
    const planned = { tripId: trip.id, stopId: bigSur.id, kind: 'lodging', stayMinutes: 0, overnight: true, lodging };
    expect((await t.api.post('/trips/stops/update-plan', planned, { as: owner })).status).toBe(200);
    const { shareToken } = (await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner })).body;

    const members = (await t.api.post('/trips/details', { tripId: trip.id }, { as: editor })).body;
    const shared = ZPublicTrip.strict().parse((await t.api.post('/trips/public', { shareToken })).body);
    expect(shared).toMatchObject(settings);
    for (const key of Object.keys(settings)) expect(shared[key as keyof typeof settings]).toEqual(members[key]);
    expect(members.stops[1].lodging.confirmation).toBe('GO-4471');
    expect(shared.stops[1]).toMatchObject({ kind: 'lodging', overnight: true, lodging: { ...lodging, confirmation: null } });
  });

  it('answers 404 for a private trip, an unknown token and a revoked one', async () => {
    const { owner, trip } = await tripWithRoles();
    const { shareToken } = (await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner })).body;
    // A trip made private by other means keeps nothing readable.
    await db().query(`UPDATE trips SET is_public = false WHERE id = $1`, [trip.id]);
    for (const token of [shareToken, 'x'.repeat(22), 'y'.repeat(5000)]) {
      expect(await t.api.post('/trips/public', { shareToken: token })).toMatchObject({ status: 404, body: { error: messages.trips.notFound } });
    }
  });

  it.each([
    [{}, messages.tripSettings.shareTokenRequired],
    [{ shareToken: '' }, messages.tripSettings.shareTokenRequired],
    [{ shareToken: 'abc', tripId: 'x' }, 'Unrecognized extra properties: tripId'],
  ])('refuses %j', async (body, error) => {
    expect(await t.api.post('/trips/public', body)).toMatchObject({ status: 400, body: { error } });
  });
});

describe('POST /trips/route-mode', () => {
  it('lets the owner switch modes; the row and the live document follow', async () => {
    const { owner, trip } = await tripWithRoles();
    const response = await t.api.post('/trips/route-mode', { tripId: trip.id, routeMode: false }, { as: owner });
    expect(response).toMatchObject({ status: 200, body: { routeMode: false } });
    expect(Object.keys(response.body)).toEqual(['routeMode']);
    expect((await tripRow(trip.id)).routeMode).toBe(false);
    expect(await liveMeta(trip.id)).toMatchObject({ routeMode: false });
    expect((await t.api.post('/trips/details', { tripId: trip.id }, { as: owner })).body.routeMode).toBe(false);
    await t.api.post('/trips/route-mode', { tripId: trip.id, routeMode: true }, { as: owner });
    expect((await tripRow(trip.id)).routeMode).toBe(true);
  });

  it('refuses everyone but the owner and changes nothing', async () => {
    const { editor, viewer, stranger, trip } = await tripWithRoles();
    for (const [as, status] of [
      [editor, 403],
      [viewer, 403],
      [stranger, 404],
      [undefined, 401],
    ] as const) {
      expect((await t.api.post('/trips/route-mode', { tripId: trip.id, routeMode: false }, { as })).status).toBe(status);
    }
    expect((await tripRow(trip.id)).routeMode).toBe(true);
  });

  it.each([
    [{ routeMode: 'false' }, messages.tripSettings.invalidRouteMode],
    [{ routeMode: false, isPublic: true }, 'Unrecognized extra properties: isPublic'],
  ])('refuses %j', async (extra, error) => {
    const { owner, trip } = await tripWithRoles();
    expect(await t.api.post('/trips/route-mode', { tripId: trip.id, ...extra }, { as: owner })).toMatchObject({ status: 400, body: { error } });
  });
});
