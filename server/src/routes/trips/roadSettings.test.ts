/**
 * POST /trips/road-settings (docs/product.md#itinerary): the owner sets the arrival time of day and the daily
 * driving limit; the trip's row, the live document's meta and /trips/details all follow. Editors, viewers and
 * outsiders are refused, and so is every bad value, with a clear message and nothing changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ARRIVAL_TIME,
  DEFAULT_DAILY_DRIVE_LIMIT_MINUTES,
  messages,
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
    expect(Object.keys(both.body).sort()).toEqual(['arrivalTime', 'dailyDriveLimitMinutes']);
    expect(settingsOf(await tripRow(trip.id))).toEqual({ arrivalTime: '09:30', dailyDriveLimitMinutes: 300 });
    expect(await liveMeta(trip.id)).toMatchObject({ arrivalTime: '09:30', dailyDriveLimitMinutes: 300 });

    const timeOnly = await t.api.post(PATH, { tripId: trip.id, arrivalTime: '23:59' }, { as: owner });
    expect(timeOnly.body).toEqual({ arrivalTime: '23:59', dailyDriveLimitMinutes: 300 });
    const limitOnly = await t.api.post(PATH, { tripId: trip.id, dailyDriveLimitMinutes: 1440 }, { as: owner });
    expect(limitOnly.body).toEqual({ arrivalTime: '23:59', dailyDriveLimitMinutes: 1440 });
    expect(await liveMeta(trip.id)).toMatchObject({ arrivalTime: '23:59', dailyDriveLimitMinutes: 1440 });

    // Every member reads them, the viewer too.
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: viewer });
    expect(settingsOf(details.body)).toEqual({ arrivalTime: '23:59', dailyDriveLimitMinutes: 1440 });
  });

  it('seeds a document from the row, so a trip opened for the first time carries its settings', async () => {
    const { trip } = await tripWithCrew(db());
    await db().query(`UPDATE trips SET arrival_time = '08:15', daily_drive_limit_minutes = 240 WHERE id = $1`, [trip.id]);
    expect(await liveMeta(trip.id)).toMatchObject({ arrivalTime: '08:15', dailyDriveLimitMinutes: 240 });
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
    const limit = sometimesJunk(fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.constantFrom(60, 1440, 59.9, -0, 1e308, Number.MAX_SAFE_INTEGER + 2)));
    const body = fc.oneof(
      { arbitrary: fc.record({ tripId: fc.constant(trip.id), arrivalTime, dailyDriveLimitMinutes: limit }, { requiredKeys: ['tripId'] }), weight: 8 },
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
          expect(response.body).toEqual(row);
          expect(await liveMeta(trip.id)).toMatchObject(row);
        }
      }),
      { numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
