import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addStop,
  autoSchedule,
  findStop,
  itineraryStats,
  messages,
  orderedStops,
  scheduleStatus,
  updateStop,
} from '@caravan/shared';
import { greatCircleEstimate, serverOrigin, StopEntity } from '@caravan/engine';
import { ownerOnlyRefusals, tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

interface Scenario extends Crew {
  /** In trip order: San Francisco, Monterey, Santa Barbara, Los Angeles. */
  stopIds: string[];
}

const LA = { latitude: 34.0522, longitude: -118.2437 };

async function scenario(): Promise<Scenario> {
  const { dataSource, tripDocs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  const { trip, owner } = crew;
  const [first] = await dataSource.getRepository(StopEntity).findBy({ tripId: trip.id });
  const added = [randomUUID(), randomUUID(), randomUUID()];
  await tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      addStop(doc, added[0], { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 });
      addStop(doc, added[1], { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 });
      addStop(doc, added[2], { name: 'Los Angeles', ...LA });
    }),
  );
  return { ...crew, stopIds: [first.id, ...added] };
}

const stopRows = (tripId: string) =>
  t.server.deps.dataSource.getRepository(StopEntity).find({ where: { tripId }, order: { stopOrder: 'ASC' } });

const docStops = async (tripId: string) => orderedStops((await t.server.deps.tripDocs.open(tripId))!.doc);

const logRows = async (tripId: string) =>
  (await t.server.deps.dataSource.query(`SELECT count(*)::int AS n FROM trip_doc_updates WHERE trip_id = $1`, [tripId]))[0].n;

/** What a refused call must leave alone: the document, the projection and the log. */
const snapshot = async (tripId: string) => ({ doc: await docStops(tripId), rows: await stopRows(tripId), log: await logRows(tripId) });

const as = (s: Scenario, who: 'owner' | 'editor' | 'viewer' | 'outsider' | 'anonymous') => ({ as: who === 'anonymous' ? null : s[who] });

const refusal = {
  403: messages.common.forbidden,
  404: messages.trips.notFound,
  401: messages.auth.notAuthenticated,
} as Record<number, string>;

type Who = Parameters<typeof as>[1];

/** Only the owner schedules. */
const ownerOnly = [['owner', 200], ...ownerOnlyRefusals] as const;

/**
 * Posts `body` as `who` and expects `status`; a refusal carries `message` (by default the role refusal's)
 * and leaves the document, the projection and the log as they were. Answers the response for more checks.
 */
async function postExpecting(s: Scenario, path: string, body: object, who: Who, status: number, message: string = refusal[status]) {
  const before = await snapshot(s.trip.id);
  const response = await t.api.post(path, body, as(s, who));
  expect(response.status).toBe(status);
  if (status === 200) return response;
  expect(response.body.error).toBe(message);
  expect(await snapshot(s.trip.id)).toEqual(before);
  return response;
}

describe('POST /trips/stops/update-planned-date', () => {
  it('sets the date by hand, live and in the projection', async () => {
    const s = await scenario();
    const stopId = s.stopIds[1];
    const response = await t.api.post(
      '/trips/stops/update-planned-date',
      { tripId: s.trip.id, stopId, plannedArrivalDate: '2025-07-04', autoScheduled: false },
      as(s, 'owner'),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: stopId, plannedArrivalDate: '2025-07-04T00:00:00.000Z', autoScheduled: false });
    const doc = (await t.server.deps.tripDocs.open(s.trip.id))!.doc;
    expect(findStop(doc, stopId)).toMatchObject({ plannedArrivalDate: '2025-07-04T00:00:00.000Z', autoScheduled: false });
    const row = (await stopRows(s.trip.id))[1];
    expect(row.plannedArrivalDate?.toISOString()).toBe('2025-07-04T00:00:00.000Z');
    expect(row.autoScheduled).toBe(false);
  });

  it('reads a timestamp by the date written in it, whatever its offset', async () => {
    const s = await scenario();
    const response = await t.api.post(
      '/trips/stops/update-planned-date',
      { tripId: s.trip.id, stopId: s.stopIds[0].toUpperCase(), plannedArrivalDate: '2025-07-04T23:30:00-07:00', autoScheduled: true },
      as(s, 'owner'),
    );
    expect(response.body).toEqual({ id: s.stopIds[0], plannedArrivalDate: '2025-07-04T00:00:00.000Z', autoScheduled: true });
  });

  it('the epoch with autoScheduled false clears the date: stored as sent, read as unplanned', async () => {
    const s = await scenario();
    const stopId = s.stopIds[2];
    const body = { tripId: s.trip.id, stopId, autoScheduled: false };
    await t.api.post('/trips/stops/update-planned-date', { ...body, plannedArrivalDate: '2025-07-04' }, as(s, 'owner'));
    const response = await t.api.post('/trips/stops/update-planned-date', { ...body, plannedArrivalDate: '1970-01-01' }, as(s, 'owner'));
    expect(response.body).toEqual({ id: stopId, plannedArrivalDate: '1970-01-01T00:00:00.000Z', autoScheduled: false });
    const rows = await stopRows(s.trip.id);
    expect(rows[2].plannedArrivalDate?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(scheduleStatus(rows[2], '2025-01-01')).toBe('unplanned');
    expect(itineraryStats(rows).plannedCount).toBe(0);
  });

  it.each(ownerOnly)('as %s answers %i; a refusal changes nothing', async (who, status) => {
    const s = await scenario();
    const body = { tripId: s.trip.id, stopId: s.stopIds[1], plannedArrivalDate: '2025-07-04', autoScheduled: false };
    await postExpecting(s, '/trips/stops/update-planned-date', body, who, status);
  });

  it.each([
    [{ tripId: 'abc' }, 400, messages.validation.invalidTripId],
    [{ stopId: 'abc' }, 400, messages.stops.invalidId],
    [{ plannedArrivalDate: 'next tuesday' }, 400, messages.schedule.invalidPlannedArrivalDate],
    [{ plannedArrivalDate: '2025-02-29' }, 400, messages.schedule.invalidPlannedArrivalDate],
    [{ plannedArrivalDate: '2025-07-04T25:00:00Z' }, 400, messages.schedule.invalidPlannedArrivalDate],
    [{ plannedArrivalDate: null }, 400, messages.schedule.invalidPlannedArrivalDate],
    [{ autoScheduled: 'yes' }, 400, messages.schedule.invalidAutoScheduled],
    [{ visited: true }, 400, 'Unrecognized extra properties: visited'],
    [{ stopId: randomUUID() }, 404, messages.stops.notFound],
  ])('refuses %j and changes nothing', async (override, status, message) => {
    const s = await scenario();
    const body = { tripId: s.trip.id, stopId: s.stopIds[1], plannedArrivalDate: '2025-07-04', autoScheduled: false, ...override };
    await postExpecting(s, '/trips/stops/update-planned-date', body, 'owner', status, message);
  });
});

describe('POST /trips/stops/auto-schedule', () => {
  it('dates every stop from the start date in one write, keeping a date set by hand', async () => {
    const s = await scenario();
    const [sf, monterey, santaBarbara, la] = s.stopIds;
    // Santa Barbara was dated by hand; Monterey had an older auto-scheduled date.
    await t.server.deps.tripDocs.write(s.trip.id, serverOrigin(s.owner.id), ({ doc, transact }) =>
      transact(() => {
        updateStop(doc, santaBarbara, { plannedArrivalDate: '2025-08-10T00:00:00.000Z', autoScheduled: false });
        updateStop(doc, monterey, { plannedArrivalDate: '2025-01-01T00:00:00.000Z', autoScheduled: true });
      }),
    );
    const expected = autoSchedule(await docStops(s.trip.id), '2025-08-01', 2);
    const logBefore = await logRows(s.trip.id);

    const response = await t.api.post(
      '/trips/stops/auto-schedule',
      { tripId: s.trip.id, startDate: '2025-08-01', defaultStayDurationDays: 2 },
      as(s, 'owner'),
    );

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      stops: [
        { id: sf, plannedArrivalDate: '2025-08-01T00:00:00.000Z', autoScheduled: true },
        { id: monterey, plannedArrivalDate: '2025-08-03T00:00:00.000Z', autoScheduled: true },
        // Santa Barbara keeps 08-10 and the trip leaves it two days later.
        { id: la, plannedArrivalDate: '2025-08-12T00:00:00.000Z', autoScheduled: true },
      ],
    });
    expect(response.body.stops.map((stop: { id: string; plannedArrivalDate: string }) => [stop.id, stop.plannedArrivalDate.slice(0, 10)])).toEqual(
      expected.map((stop) => [stop.stopId, stop.arrival]),
    );
    const rows = await stopRows(s.trip.id);
    expect(rows.map((row) => [row.name, row.plannedArrivalDate?.toISOString().slice(0, 10), row.autoScheduled])).toEqual([
      ['San Francisco', '2025-08-01', true],
      ['Monterey', '2025-08-03', true],
      ['Santa Barbara', '2025-08-10', false],
      ['Los Angeles', '2025-08-12', true],
    ]);
    expect(await logRows(s.trip.id)).toBe(logBefore + 1);
  });

  it('schedules stops whose date was reset to the epoch', async () => {
    const s = await scenario();
    await t.api.post(
      '/trips/stops/update-planned-date',
      { tripId: s.trip.id, stopId: s.stopIds[2], plannedArrivalDate: '1970-01-01', autoScheduled: false },
      as(s, 'owner'),
    );
    const response = await t.api.post(
      '/trips/stops/auto-schedule',
      { tripId: s.trip.id, startDate: '2025-08-01', defaultStayDurationDays: 0 },
      as(s, 'owner'),
    );
    expect(response.body.stops.map((stop: { plannedArrivalDate: string }) => stop.plannedArrivalDate)).toEqual(
      Array(4).fill('2025-08-01T00:00:00.000Z'),
    );
  });

  it.each(ownerOnly)('as %s answers %i; a refusal changes nothing', async (who, status) => {
    const s = await scenario();
    const body = { tripId: s.trip.id, startDate: '2025-08-01', defaultStayDurationDays: 1 };
    await postExpecting(s, '/trips/stops/auto-schedule', body, who, status);
  });

  it.each([
    [{ tripId: 'abc' }, messages.validation.invalidTripId],
    [{ startDate: '01/08/2025' }, messages.schedule.invalidStartDate],
    [{ startDate: undefined }, messages.schedule.invalidStartDate],
    [{ defaultStayDurationDays: 1.5 }, messages.schedule.invalidStayDuration(365)],
    [{ defaultStayDurationDays: -1 }, messages.schedule.invalidStayDuration(365)],
    [{ defaultStayDurationDays: 366 }, messages.schedule.invalidStayDuration(365)],
    [{ defaultStayDurationDays: '2' }, messages.schedule.invalidStayDuration(365)],
    [{ avoidWeekends: true }, 'Unrecognized extra properties: avoidWeekends'],
  ])('refuses %j with the message and changes nothing', async (override, message) => {
    const s = await scenario();
    const body = { tripId: s.trip.id, startDate: '2025-08-01', defaultStayDurationDays: 1, ...override };
    await postExpecting(s, '/trips/stops/auto-schedule', body, 'owner', 400, message);
  });
});

describe('POST /trips/stops/calculate-travel-time', () => {
  it('estimates San Francisco to Los Angeles by great circle and writes it onto Los Angeles', async () => {
    const s = await scenario();
    const [sf, , , la] = s.stopIds;
    const response = await t.api.post('/trips/stops/calculate-travel-time', { tripId: s.trip.id, fromStopId: sf, toStopId: la }, as(s, 'owner'));

    expect(response.status).toBe(200);
    expect(response.body.source).toBe('great-circle');
    // About 560 km as the crow flies; by road roughly 600-750 km and 7-10 hours.
    expect(response.body.distanceKm).toBeGreaterThan(600);
    expect(response.body.distanceKm).toBeLessThan(800);
    expect(response.body.estimatedDriveMinutes).toBeGreaterThan(420);
    expect(response.body.estimatedDriveMinutes).toBeLessThan(600);
    const expected = greatCircleEstimate({ latitude: 37.7749, longitude: -122.4194 }, LA);
    expect(response.body).toEqual({ estimatedDriveMinutes: expected.minutes, distanceKm: expected.distanceKm, source: 'great-circle' });

    const rows = await stopRows(s.trip.id);
    expect(rows.map((row) => row.estimatedDriveMinutes)).toEqual([null, null, null, response.body.estimatedDriveMinutes]);
    const doc = (await t.server.deps.tripDocs.open(s.trip.id))!.doc;
    expect(findStop(doc, la)?.estimatedDriveMinutes).toBe(response.body.estimatedDriveMinutes);
  });

  it('estimates nothing to or from a stop added without a location, and clears an older estimate', async () => {
    const s = await scenario();
    const [sf, , , la] = s.stopIds;
    const added = await t.api.post('/trips/stops', { tripId: s.trip.id, name: 'Somewhere unmapped' }, as(s, 'owner'));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ latitude: 0, longitude: 0 });
    const unplaced = added.body.id as string;
    const estimated = await t.api.post('/trips/stops/calculate-travel-time', { tripId: s.trip.id, fromStopId: sf, toStopId: la }, as(s, 'owner'));
    expect(estimated.body.estimatedDriveMinutes).toBeGreaterThan(0);

    const none = { estimatedDriveMinutes: null, distanceKm: null, source: null };
    const to = await t.api.post('/trips/stops/calculate-travel-time', { tripId: s.trip.id, fromStopId: sf, toStopId: unplaced }, as(s, 'owner'));
    expect(to.status).toBe(200);
    expect(to.body).toEqual(none);
    const from = await t.api.post('/trips/stops/calculate-travel-time', { tripId: s.trip.id, fromStopId: unplaced, toStopId: la }, as(s, 'owner'));
    expect(from.status).toBe(200);
    expect(from.body).toEqual(none);

    const rows = await stopRows(s.trip.id);
    expect(rows.map((row) => row.estimatedDriveMinutes)).toEqual([null, null, null, null, null]);
    const doc = (await t.server.deps.tripDocs.open(s.trip.id))!.doc;
    expect(findStop(doc, la)?.estimatedDriveMinutes).toBeNull();
  });

  it.each([
    ['owner', 200],
    ['editor', 200],
    ['viewer', 403],
    ['outsider', 404],
    ['anonymous', 401],
  ] as const)('as %s answers %i; a refusal changes nothing', async (who, status) => {
    const s = await scenario();
    const body = { tripId: s.trip.id, fromStopId: s.stopIds[0], toStopId: s.stopIds[1] };
    const response = await postExpecting(s, '/trips/stops/calculate-travel-time', body, who, status);
    if (status === 200) {
      expect((await stopRows(s.trip.id))[1].estimatedDriveMinutes).toBe(response.body.estimatedDriveMinutes);
    }
  });

  it.each([
    [{ tripId: 'abc' }, 400, messages.validation.invalidTripId],
    [{ fromStopId: 'abc' }, 400, messages.stops.invalidId],
    [{ toStopId: undefined }, 400, messages.stops.invalidId],
    [{ toStopId: 'FROM' }, 400, messages.schedule.sameStops],
    [{ estimatedDriveMinutes: 5 }, 400, 'Unrecognized extra properties: estimatedDriveMinutes'],
    [{ toStopId: randomUUID() }, 404, messages.stops.notFound],
  ])('refuses %j and changes nothing', async (override, status, message) => {
    const s = await scenario();
    const body = { tripId: s.trip.id, fromStopId: s.stopIds[0], toStopId: s.stopIds[1], ...override };
    if (body.toStopId === 'FROM') body.toStopId = s.stopIds[0];
    await postExpecting(s, '/trips/stops/calculate-travel-time', body, 'owner', status, message);
  });

  it('answers 404 for a stop of another trip', async () => {
    const s = await scenario();
    const other = await scenario();
    const response = await t.api.post(
      '/trips/stops/calculate-travel-time',
      { tripId: s.trip.id, fromStopId: s.stopIds[0], toStopId: other.stopIds[1] },
      as(s, 'owner'),
    );
    expect(response.status).toBe(404);
    expect((await stopRows(other.trip.id))[1].estimatedDriveMinutes).toBeNull();
  });
});
