import { describe, expect, it } from 'vitest';
import { messages, orderedStops, readActivity } from '@caravan/shared';
import { useTestServer } from '../../test/useTestServer.ts';
import { count, docSuggestions, liveDoc } from './collaborationFixture.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const c = messages.collaboration;

const suggestionRows = (tripId: string) =>
  db().query(`SELECT id, name, status, suggested_by, reviewed_by, approved_stop_id FROM stop_suggestions WHERE trip_id = $1`, [tripId]);
const stopNames = async (tripId: string) =>
  (await db().query(`SELECT name FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId])).map((row: { name: string }) => row.name);

const lighthouse = { name: 'Split Rock Lighthouse', address: 'Two Harbors, MN', latitude: 47.2, longitude: -91.37, notes: 'Sunset views' };

async function suggest(crew: Crew, as: keyof Omit<Crew, 'trip'> = 'viewer', body: object = lighthouse) {
  return t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, ...body }, { as: crew[as] });
}

describe('POST /trips/suggestions/create', () => {
  it.each(['owner', 'editor', 'viewer'] as const)('lets the %s suggest a stop, written into the trip document', async (as) => {
    const crew = await tripWithCrew(db());
    const response = await suggest(crew, as);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      ...lighthouse,
      status: 'pending',
      suggestedBy: crew[as].id,
      suggestedByDisplayName: crew[as].displayName,
      suggestedByAvatarUrl: null,
      createdAt: expect.any(String),
      reviewedByDisplayName: null,
      reviewedAt: null,
      approvedStopId: null,
      votes: { up: 0, down: 0, mine: null },
    });
    expect(await docSuggestions(t.server.deps.tripDocs, crew.trip.id)).toMatchObject([
      { id: response.body.id, name: lighthouse.name, status: 'pending', suggestedByDisplayName: crew[as].displayName },
    ]);
    expect(await suggestionRows(crew.trip.id)).toMatchObject([{ id: response.body.id, status: 'pending', suggested_by: crew[as].id }]);
  });

  it('accepts a bare name (coordinates null) and coordinates as strings', async () => {
    const crew = await tripWithCrew(db());
    const bare = await suggest(crew, 'viewer', { name: '  Duluth  ', latitude: null, longitude: null, address: '', notes: '' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ name: 'Duluth', latitude: null, longitude: null, address: null, notes: null });
    const strings = await suggest(crew, 'viewer', { name: 'Ely', latitude: '47.9', longitude: '-91.86' });
    expect(strings.body).toMatchObject({ latitude: 47.9, longitude: -91.86 });
  });

  it.each([
    [{ name: '' }, c.validation.suggestionNameRequired],
    [{ name: '   ' }, c.validation.suggestionNameRequired],
    [{ name: 'x'.repeat(201) }, c.validation.suggestionNameTooLong],
    [{ name: 'Ok', notes: 'n'.repeat(501) }, 'Notes cannot exceed 500 characters.'],
    [{ name: 'Ok', latitude: 91 }, messages.validation.invalidLatitude],
    [{ name: 'Ok', longitude: 'east' }, messages.validation.invalidLongitude],
    [{ name: 'Ok', status: 'approved' }, 'Unrecognized extra properties: status'],
    [{ name: 'Ok', suggestedByDisplayName: 'Someone Else' }, 'Unrecognized extra properties: suggestedByDisplayName'],
  ])('refuses %j and writes nothing', async (body, message) => {
    const crew = await tripWithCrew(db());
    const response = await suggest(crew, 'viewer', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await suggestionRows(crew.trip.id)).toEqual([]);
  });

  it('keeps 500-character notes and 200-character names', async () => {
    const crew = await tripWithCrew(db());
    const response = await suggest(crew, 'viewer', { name: 'x'.repeat(200), notes: 'n'.repeat(500) });
    expect(response.status).toBe(201);
  });

  it('refuses non-members (404 private, 403 public) and anonymous callers, writing nothing', async () => {
    const crew = await tripWithCrew(db());
    expect((await suggest(crew, 'outsider')).status).toBe(404);
    expect((await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, ...lighthouse })).status).toBe(401);
    const open = await tripWithCrew(db(), { isPublic: true });
    expect((await suggest(open, 'outsider')).status).toBe(403);
    expect(await suggestionRows(crew.trip.id)).toEqual([]);
    expect(await suggestionRows(open.trip.id)).toEqual([]);
  });
});

describe('POST /trips/suggestions', () => {
  async function tripWithEveryStatus() {
    const crew = await tripWithCrew(db());
    const ids: Record<string, string> = {};
    for (const [name, status] of [
      ['Pending one', null],
      ['Approved one', 'approved'],
      ['Denied one', 'denied'],
      ['Archived one', 'archived'],
    ] as const) {
      const created = await suggest(crew, 'viewer', { name });
      ids[name] = created.body.id;
      if (status) {
        const reviewed = await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: created.body.id, status }, { as: crew.owner });
        expect(reviewed.status).toBe(200);
      }
    }
    return crew;
  }
  const names = (body: Array<{ name: string }>) => body.map((suggestion) => suggestion.name);

  it("filters by status: 'archived' lists denied and archived together, no filter lists all, newest first", async () => {
    const crew = await tripWithEveryStatus();
    const list = (status?: string) => t.api.post('/trips/suggestions', { tripId: crew.trip.id, ...(status && { status }) }, { as: crew.viewer });
    expect(names((await list('pending')).body)).toEqual(['Pending one']);
    expect(names((await list('denied')).body)).toEqual(['Denied one']);
    expect(names((await list('archived')).body)).toEqual(['Archived one', 'Denied one']);
    expect(names((await list()).body)).toEqual(['Archived one', 'Denied one', 'Approved one', 'Pending one']);
    expect((await list('archived')).body[0]).toMatchObject({ status: 'archived', reviewedByDisplayName: 'Olive Owner', reviewedAt: expect.any(String) });
  });

  it.each(['owner', 'editor', 'viewer'] as const)('is open to the %s', async (as) => {
    const crew = await tripWithCrew(db());
    await suggest(crew);
    const response = await t.api.post('/trips/suggestions', { tripId: crew.trip.id }, { as: crew[as] });
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual([lighthouse.name]);
  });

  it('refuses non-members, anonymous callers and unknown filters', async () => {
    const crew = await tripWithCrew(db());
    await suggest(crew);
    expect((await t.api.post('/trips/suggestions', { tripId: crew.trip.id }, { as: crew.outsider })).status).toBe(404);
    expect((await t.api.post('/trips/suggestions', { tripId: crew.trip.id })).status).toBe(401);
    const approved = await t.api.post('/trips/suggestions', { tripId: crew.trip.id, status: 'approved' }, { as: crew.owner });
    expect(approved.status).toBe(400);
    expect(approved.body.error).toBe(c.validation.invalidSuggestionFilter);
  });
});

describe('POST /trips/suggestions/review', () => {
  it('approving adds the stop at the end of the trip, in the document and the rows, with an activity entry', async () => {
    const crew = await tripWithCrew(db());
    const { body: suggestion } = await suggest(crew);

    const response = await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: suggestion.id, status: 'approved' }, { as: crew.editor });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: suggestion.id,
      status: 'approved',
      reviewedByDisplayName: 'Eddie Editor',
      approvedStopId: expect.any(String),
    });
    const doc = await liveDoc(t.server.deps.tripDocs, crew.trip.id);
    const stops = orderedStops(doc);
    expect(stops.map((stop) => stop.name)).toEqual(['San Francisco', lighthouse.name]);
    expect(stops[1]).toMatchObject({ id: response.body.approvedStopId, address: lighthouse.address, latitude: 47.2, longitude: -91.37, notes: 'Sunset views' });
    expect(await stopNames(crew.trip.id)).toEqual(['San Francisco', lighthouse.name]);
    expect(await suggestionRows(crew.trip.id)).toMatchObject([
      { status: 'approved', reviewed_by: crew.editor.id, approved_stop_id: response.body.approvedStopId },
    ]);
    expect(readActivity(doc).at(-1)).toMatchObject({
      activityType: 'suggestion_approved',
      displayName: 'Eddie Editor',
      activityData: { suggestionName: lighthouse.name, stopName: lighthouse.name },
    });
    const [row] = await db().query(`SELECT activity_type FROM activities WHERE trip_id = $1`, [crew.trip.id]);
    expect(row.activity_type).toBe('suggestion_approved');
  });

  it('approving "where it fits best" puts the stop where it adds the least driving; a placement it does not know is refused', async () => {
    const crew = await tripWithCrew(db());
    for (const stop of [
      { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
      { name: 'San Diego', latitude: 32.7157, longitude: -117.1611 },
    ]) {
      expect((await t.api.post('/trips/stops', { tripId: crew.trip.id, ...stop }, { as: crew.owner })).status).toBe(201);
    }
    const santaBarbara = { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 };
    const { body: suggestion } = await suggest(crew, 'viewer', santaBarbara);
    const review = (placement: unknown) =>
      t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: suggestion.id, status: 'approved', placement }, { as: crew.editor });

    const unknown = await review('middle');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(c.validation.invalidPlacement);
    expect(await stopNames(crew.trip.id)).toEqual(['San Francisco', 'Los Angeles', 'San Diego']);

    expect((await review('best')).status).toBe(200);
    const expected = ['San Francisco', 'Santa Barbara', 'Los Angeles', 'San Diego'];
    expect(orderedStops(await liveDoc(t.server.deps.tripDocs, crew.trip.id)).map((stop) => stop.name)).toEqual(expected);
    expect(await stopNames(crew.trip.id)).toEqual(expected);
  });

  it('approving a suggestion without coordinates puts the stop at 0, 0', async () => {
    const crew = await tripWithCrew(db());
    const { body: suggestion } = await suggest(crew, 'viewer', { name: 'Somewhere' });
    await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: suggestion.id, status: 'approved' }, { as: crew.owner });
    const stops = orderedStops(await liveDoc(t.server.deps.tripDocs, crew.trip.id));
    expect(stops[1]).toMatchObject({ name: 'Somewhere', latitude: 0, longitude: 0, address: null });
  });

  it.each(['denied', 'archived'] as const)('%s adds no stop', async (status) => {
    const crew = await tripWithCrew(db());
    const { body: suggestion } = await suggest(crew);
    const response = await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: suggestion.id, status }, { as: crew.owner });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status, approvedStopId: null, reviewedByDisplayName: 'Olive Owner' });
    expect(await stopNames(crew.trip.id)).toEqual(['San Francisco']);
    const [row] = await db().query(`SELECT activity_type FROM activities WHERE trip_id = $1`, [crew.trip.id]);
    expect(row.activity_type).toBe(`suggestion_${status}`);
  });

  it('answers 409 for a suggestion reviewed already, and changes nothing', async () => {
    const crew = await tripWithCrew(db());
    const { body: suggestion } = await suggest(crew);
    const review = (status: string) =>
      t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: suggestion.id, status }, { as: crew.owner });
    expect((await review('approved')).status).toBe(200);
    for (const status of ['approved', 'denied', 'archived']) {
      const again = await review(status);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(c.suggestions.alreadyReviewed);
    }
    expect(await stopNames(crew.trip.id)).toEqual(['San Francisco', lighthouse.name]);
    expect(await suggestionRows(crew.trip.id)).toMatchObject([{ status: 'approved' }]);
  });

  it.each([
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('refuses the %s and changes nothing', async (as, status) => {
    const crew = await tripWithCrew(db());
    const { body: suggestion } = await suggest(crew);
    const response = await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: suggestion.id, status: 'approved' }, { as: crew[as] });
    expect(response.status).toBe(status);
    expect(await suggestionRows(crew.trip.id)).toMatchObject([{ status: 'pending', reviewed_by: null }]);
    expect(await stopNames(crew.trip.id)).toEqual(['San Francisco']);
  });

  it('refuses anonymous callers, "pending", and suggestions of another trip', async () => {
    const crew = await tripWithCrew(db());
    const other = await tripWithCrew(db());
    const { body: suggestion } = await suggest(crew);
    const body = { tripId: crew.trip.id, suggestionId: suggestion.id, status: 'approved' };
    expect((await t.api.post('/trips/suggestions/review', body)).status).toBe(401);

    const pending = await t.api.post('/trips/suggestions/review', { ...body, status: 'pending' }, { as: crew.owner });
    expect(pending.status).toBe(400);
    expect(pending.body.error).toBe(c.validation.invalidReviewStatus);

    const elsewhere = await t.api.post('/trips/suggestions/review', { ...body, tripId: other.trip.id }, { as: other.owner });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe(c.suggestions.notFound);
    expect(await suggestionRows(crew.trip.id)).toMatchObject([{ status: 'pending' }]);
    expect(await count(db(), `SELECT 1 FROM activities WHERE trip_id = ANY($1)`, [[crew.trip.id, other.trip.id]])).toBe(0);
  });
});
