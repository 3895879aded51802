/**
 * POST /trips/road-settings (docs/product.md#itinerary): the owner sets the arrival time of day (the latest arrival),
 * the daily driving limit, the start date and the two departure times; the trip's row, the live document's meta and
 * /trips/details all follow. Editors, viewers and
 * outsiders are refused, and so is every bad value, with a clear message and nothing changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ARRIVAL_TIME,
  DEFAULT_DAILY_DRIVE_LIMIT_MINUTES,
  DEFAULT_DEPARTURE_TIME,
  DEFAULT_EARLIEST_DEPARTURE,
  DEFAULT_VEHICLE,
  messages,
  planMessages,
  type TRoadSettings,
  readMeta,
  ZTripDetail,
} from '@caravan/shared';
import { TripEntity } from '@caravan/engine';
import { edgeText } from '../../test/fuzzValues.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const PATH = '/trips/road-settings';

const tripRow = (tripId: string) => db().getRepository(TripEntity).findOneByOrFail({ id: tripId });
const liveMeta = async (tripId: string) => readMeta((await t.server.deps.tripDocs.open(tripId))!.doc);
const settingsOf = ({ arrivalTime, dailyDriveLimitMinutes }: { arrivalTime: string; dailyDriveLimitMinutes: number }) => ({
  arrivalTime,
  dailyDriveLimitMinutes,
});
const limitMessage = messages.tripSettings.invalidDailyDriveLimit(60, 1440);
const PLAN_DEFAULTS = { startDate: null, departureTime: DEFAULT_DEPARTURE_TIME, earliestDeparture: DEFAULT_EARLIEST_DEPARTURE, warnAfterSunset: false };
const planOf = ({ startDate, departureTime, earliestDeparture, warnAfterSunset }: Partial<Omit<TRoadSettings, 'vehicle'>>) => ({ startDate, departureTime, earliestDeparture, warnAfterSunset });

describe('POST /trips/road-settings', () => {
  it('starts every trip at 17:00 and 8 hours, in the row, the document and the details', async () => {
    const { owner, trip } = await tripWithCrew(db());
    const defaults = { arrivalTime: DEFAULT_ARRIVAL_TIME, dailyDriveLimitMinutes: DEFAULT_DAILY_DRIVE_LIMIT_MINUTES };
    expect(defaults).toEqual({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480 });
    expect(settingsOf(await tripRow(trip.id))).toEqual(defaults);
    expect(await liveMeta(trip.id)).toMatchObject(defaults);
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: owner });
    expect(settingsOf(ZTripDetail.strict().parse(details.body))).toEqual(defaults);
  });

  it('lets the owner change both, or one at a time; row, live meta and details follow', async () => {
    const { owner, viewer, trip } = await tripWithCrew(db());
    const both = await t.api.post(PATH, { tripId: trip.id, arrivalTime: '09:30', dailyDriveLimitMinutes: 300 }, { as: owner });
    expect(both).toMatchObject({ status: 200, body: { arrivalTime: '09:30', dailyDriveLimitMinutes: 300 } });
    expect(Object.keys(both.body).sort()).toEqual(['arrivalTime', 'dailyDriveLimitMinutes', 'departureTime', 'earliestDeparture', 'startDate', 'vehicle', 'warnAfterSunset']);
    expect(settingsOf(await tripRow(trip.id))).toEqual({ arrivalTime: '09:30', dailyDriveLimitMinutes: 300 });
    expect(await liveMeta(trip.id)).toMatchObject({ arrivalTime: '09:30', dailyDriveLimitMinutes: 300 });

    const timeOnly = await t.api.post(PATH, { tripId: trip.id, arrivalTime: '23:59' }, { as: owner });
    expect(timeOnly.body).toEqual({ arrivalTime: '23:59', dailyDriveLimitMinutes: 300, ...PLAN_DEFAULTS, vehicle: DEFAULT_VEHICLE });
    const limitOnly = await t.api.post(PATH, { tripId: trip.id, dailyDriveLimitMinutes: 1440 }, { as: owner });
    expect(limitOnly.body).toEqual({ arrivalTime: '23:59', dailyDriveLimitMinutes: 1440, ...PLAN_DEFAULTS, vehicle: DEFAULT_VEHICLE });
    expect(await liveMeta(trip.id)).toMatchObject({ arrivalTime: '23:59', dailyDriveLimitMinutes: 1440 });

    // Every member reads them, the viewer too.
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: viewer });
    expect(settingsOf(details.body)).toEqual({ arrivalTime: '23:59', dailyDriveLimitMinutes: 1440 });
  });

  it('starts with no start date, 09:00 and 08:00, and lets the owner set them, one at a time or all; row, live meta and details follow', async () => {
    const { owner, viewer, trip } = await tripWithCrew(db());
    expect(planOf(await tripRow(trip.id))).toEqual(PLAN_DEFAULTS);
    expect(planOf(await liveMeta(trip.id))).toEqual(PLAN_DEFAULTS);

    const all = { startDate: '2026-06-20', departureTime: '07:30', earliestDeparture: '06:45', warnAfterSunset: true };
    const set = await t.api.post(PATH, { tripId: trip.id, ...all }, { as: owner });
    expect(set).toMatchObject({ status: 200, body: { arrivalTime: '17:00', dailyDriveLimitMinutes: 480, ...all } });
    expect(planOf(await tripRow(trip.id))).toEqual(all);
    expect(planOf(await liveMeta(trip.id))).toEqual(all);
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: viewer });
    expect(planOf(ZTripDetail.strict().parse(details.body))).toEqual(all);

    // A timestamp's date part is the day meant; null clears the start date; the rest keep their values.
    expect((await t.api.post(PATH, { tripId: trip.id, startDate: '2026-07-01T23:30:00-10:00' }, { as: owner })).body.startDate).toBe('2026-07-01');
    const cleared = await t.api.post(PATH, { tripId: trip.id, startDate: null }, { as: owner });
    expect(cleared.body).toEqual({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480, ...all, startDate: null, vehicle: DEFAULT_VEHICLE });
    expect((await liveMeta(trip.id)).startDate).toBeNull();
  });

  it('holds the earliest departure before the latest arrival, the one sent against the other as stored', async () => {
    const { owner, trip } = await tripWithCrew(db());
    const before = await tripSnapshot(t.server.deps, [trip.id]);
    for (const body of [{ earliestDeparture: '17:00' }, { arrivalTime: '08:00' }, { arrivalTime: '10:00', earliestDeparture: '10:30' }]) {
      expect(await t.api.post(PATH, { tripId: trip.id, ...body }, { as: owner })).toMatchObject({ status: 400, body: { error: planMessages.windowOrder } });
    }
    expect(await tripSnapshot(t.server.deps, [trip.id])).toBe(before);
    expect((await t.api.post(PATH, { tripId: trip.id, arrivalTime: '07:00', earliestDeparture: '06:00' }, { as: owner })).status).toBe(200);
    // A trip whose window is out of order from before (arrival 06:00 set by SQL) still takes a new limit.
    await db().query(`UPDATE trips SET arrival_time = '06:00' WHERE id = $1`, [trip.id]);
    expect((await t.api.post(PATH, { tripId: trip.id, dailyDriveLimitMinutes: 300 }, { as: owner })).status).toBe(200);
  });

  it('seeds a document from the row, so a trip opened for the first time carries its settings', async () => {
    const { trip } = await tripWithCrew(db());
    await db().query(
      `UPDATE trips SET arrival_time = '08:15', daily_drive_limit_minutes = 240, start_date = '2026-06-20', departure_time = '07:00',
                        earliest_departure = '06:30' WHERE id = $1`,
      [trip.id],
    );
    expect(await liveMeta(trip.id)).toMatchObject({
      arrivalTime: '08:15',
      dailyDriveLimitMinutes: 240,
      startDate: '2026-06-20',
      departureTime: '07:00',
      earliestDeparture: '06:30',
    });
  });

  it('refuses everyone but the owner and changes nothing', async () => {
    const { editor, viewer, outsider, trip } = await tripWithCrew(db());
    const before = await tripSnapshot(t.server.deps, [trip.id]);
    for (const [as, status] of [
      [editor, 403],
      [viewer, 403],
      [outsider, 404],
      [undefined, 401],
    ] as const) {
      const response = await t.api.post(PATH, { tripId: trip.id, arrivalTime: '06:00', dailyDriveLimitMinutes: 120 }, { as });
      expect(response.status).toBe(status);
    }
    expect(await tripSnapshot(t.server.deps, [trip.id])).toBe(before);
    expect(await liveMeta(trip.id)).toMatchObject({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480 });
  });

  it.each([
    [{}, messages.tripSettings.roadSettingRequired],
    [{ arrivalTime: '24:00' }, messages.tripSettings.invalidArrivalTime],
    [{ arrivalTime: '9:30' }, messages.tripSettings.invalidArrivalTime],
    [{ arrivalTime: '09:30:00' }, messages.tripSettings.invalidArrivalTime],
    [{ arrivalTime: '12:60' }, messages.tripSettings.invalidArrivalTime],
    [{ arrivalTime: ' 09:30' }, messages.tripSettings.invalidArrivalTime],
    [{ arrivalTime: null }, messages.tripSettings.invalidArrivalTime],
    [{ arrivalTime: 930 }, messages.tripSettings.invalidArrivalTime],
    [{ dailyDriveLimitMinutes: 59 }, limitMessage],
    [{ dailyDriveLimitMinutes: 1441 }, limitMessage],
    [{ dailyDriveLimitMinutes: 90.5 }, limitMessage],
    [{ dailyDriveLimitMinutes: '480' }, limitMessage],
    [{ dailyDriveLimitMinutes: null }, limitMessage],
    [{ arrivalTime: '10:00', routeMode: false }, 'Unrecognized extra properties: routeMode'],
    [{ startDate: '2026-02-30' }, planMessages.invalidStartDate],
    [{ startDate: '' }, planMessages.invalidStartDate],
    [{ departureTime: '24:00' }, planMessages.invalidDepartureTime],
    [{ departureTime: null }, planMessages.invalidDepartureTime],
    [{ earliestDeparture: '7:00' }, planMessages.invalidEarliestDeparture],
    [{ earliestDeparture: 'x'.repeat(300) }, planMessages.invalidEarliestDeparture],
    [{ warnAfterSunset: 'yes' }, messages.tripSettings.invalidWarnAfterSunset],
    [{ warnAfterSunset: null }, messages.tripSettings.invalidWarnAfterSunset],
    [{ departureTime: '09:00\u0000' }, messages.validation.textNotAllowed],
  ])('refuses %j with a clear message and changes nothing', async (extra, error) => {
    const { owner, trip } = await tripWithCrew(db());
    const before = await tripSnapshot(t.server.deps, [trip.id]);
    expect(await t.api.post(PATH, { tripId: trip.id, ...extra }, { as: owner })).toMatchObject({ status: 400, body: { error } });
    expect(await tripSnapshot(t.server.deps, [trip.id])).toBe(before);
  });

  it('answers no random body with a 5xx, stores only valid settings, and a refusal changes nothing', { timeout: 120_000 }, async () => {
    const { owner, trip } = await tripWithCrew(db());
    const junk = fc.oneof(fc.string(), edgeText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
    const sometimesJunk = <T,>(values: fc.Arbitrary<T>) => fc.oneof({ arbitrary: values, weight: 4 }, { arbitrary: junk, weight: 1 });
    const arrivalTime = sometimesJunk(
      fc.oneof(
        fc.tuple(fc.integer({ min: -1, max: 25 }), fc.integer({ min: -1, max: 61 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
        fc.constantFrom('00:00', '23:59', '17:00', '7:00', '07:00 ', '07:00\u0000', '０７:００'),
      ),
    );
    const startDate = sometimesJunk(fc.constantFrom('2026-06-20', '2026-02-30', '8999-12-31', '9999-01-01', null, '2026-06-20T10:00:00Z'));
    const limit = sometimesJunk(fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.constantFrom(60, 1440, 59.9, -0, 1e308, Number.MAX_SAFE_INTEGER + 2)));
    const body = fc.oneof(
      {
        arbitrary: fc.record(
          {
            tripId: fc.constant(trip.id),
            arrivalTime,
            dailyDriveLimitMinutes: limit,
            startDate,
            departureTime: arrivalTime,
            earliestDeparture: arrivalTime,
            warnAfterSunset: sometimesJunk(fc.boolean()),
          },
          { requiredKeys: ['tripId'] },
        ),
        weight: 8,
      },
      { arbitrary: fc.dictionary(fc.constantFrom('tripId', 'arrivalTime', 'dailyDriveLimitMinutes', 'routeMode', '__proto__'), junk), weight: 1 },
      { arbitrary: fc.oneof(fc.string(), fc.constantFrom('', '{', 'null', '[]')), weight: 1 },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const before = await tripSnapshot(t.server.deps, [trip.id]);
        const response = await t.api.post(PATH, typeof sent === 'string' ? sent : JSON.stringify(sent), { as: owner });
        expect(response.status).toBeLessThan(500);
        const row = settingsOf(await tripRow(trip.id));
        expect(row.arrivalTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(row.dailyDriveLimitMinutes).toBeGreaterThanOrEqual(60);
        expect(row.dailyDriveLimitMinutes).toBeLessThanOrEqual(1440);
        if (response.status >= 400) {
          expect(typeof response.body?.error).toBe('string');
          expect(await tripSnapshot(t.server.deps, [trip.id])).toBe(before);
        } else {
          accepted++;
          const stored = await tripRow(trip.id);
          expect(response.body).toEqual({ ...row, ...planOf(stored), vehicle: DEFAULT_VEHICLE });
          expect(stored.earliestDeparture < stored.arrivalTime).toBe(true);
          expect(await liveMeta(trip.id)).toMatchObject({ ...row, ...planOf(stored) });
        }
      }),
      // One valid body for certain: two hundred random ones held none once (Node 24 in CI), and the count below failed.
      { numRuns: 200, examples: [[{ tripId: trip.id, dailyDriveLimitMinutes: 480 }]] },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
