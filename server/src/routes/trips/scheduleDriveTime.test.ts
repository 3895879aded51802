/**
 * Auto-schedule's opt-in "Count drive time" (docs/product.md#itinerary) through the REST door: with it, the dates
 * are the itinerary's days, and no day's driving passes the trip's daily limit, the owner's setting; without it,
 * the plain computation (stays and weekends only).
 */
import { describe, expect, it } from 'vitest';
import { computeSchedule, orderedStops, readMeta } from '@caravan/shared';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

/** Down the coast from San Francisco; by the embedded estimate the legs take 135, 306 and 136 minutes. */
const COAST = [
  { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 },
  { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
];

async function coastTrip() {
  const crew = await tripWithCrew(t.server.deps.dataSource);
  const as = { as: crew.owner };
  for (const stop of COAST) expect((await t.api.post('/trips/stops', { tripId: crew.trip.id, ...stop }, as)).status).toBe(201);
  const stopIds = orderedStops((await t.server.deps.tripDocs.open(crew.trip.id))!.doc).map((stop) => stop.id);
  for (let i = 1; i < stopIds.length; i++) {
    const leg = await t.api.post('/trips/stops/calculate-travel-time', { tripId: crew.trip.id, fromStopId: stopIds[i - 1], toStopId: stopIds[i] }, as);
    expect(leg.body.estimatedDriveMinutes).toBe([135, 306, 136][i - 1]);
  }
  return { ...crew, stopIds };
}

const arrivalDates = (body: { stops: Array<{ plannedArrivalDate: string }> }) => body.stops.map((stop) => stop.plannedArrivalDate.slice(0, 10));

describe('POST /trips/stops/auto-schedule with countDriveTime', () => {
  it('starts a new day before the driving passes the trip\'s daily limit, and only when asked', async () => {
    const { owner, trip } = await coastTrip();
    const schedule = (extra: object) =>
      t.api.post('/trips/stops/auto-schedule', { tripId: trip.id, startDate: '2025-08-01', defaultStayDurationDays: 0, ...extra }, { as: owner });

    // Off (absent or false): every stop on the start date, as the plain computation gives it.
    for (const extra of [{}, { countDriveTime: false }]) {
      expect(arrivalDates((await schedule(extra)).body)).toEqual(['2025-08-01', '2025-08-01', '2025-08-01', '2025-08-01']);
    }
    // The default 8 hours hold San Francisco to Santa Barbara (441 minutes); Los Angeles would make 577.
    const eightHours = await schedule({ countDriveTime: true });
    expect(eightHours.status).toBe(200);
    expect(arrivalDates(eightHours.body)).toEqual(['2025-08-01', '2025-08-01', '2025-08-01', '2025-08-02']);

    // Five hours a day: Santa Barbara opens the second day, Los Angeles the third.
    expect((await t.api.post('/trips/road-settings', { tripId: trip.id, dailyDriveLimitMinutes: 300 }, { as: owner })).status).toBe(200);
    const fiveHours = await schedule({ countDriveTime: true });
    expect(arrivalDates(fiveHours.body)).toEqual(['2025-08-01', '2025-08-01', '2025-08-02', '2025-08-03']);
    const live = orderedStops((await t.server.deps.tripDocs.open(trip.id))!.doc);
    expect(live.map((stop) => [stop.name, stop.plannedArrivalDate?.slice(0, 10), stop.autoScheduled])).toEqual([
      ['San Francisco', '2025-08-01', true],
      ['Monterey', '2025-08-01', true],
      ['Santa Barbara', '2025-08-02', true],
      ['Los Angeles', '2025-08-03', true],
    ]);
  });

  it('dates the stops on the days the itinerary then shows: a two-night stay holds the next stop two days', async () => {
    const { owner, trip, stopIds } = await coastTrip();
    const lodging = { name: 'Monterey Inn', address: null, checkIn: null, checkOut: null, confirmation: null, url: null, price: null, nights: 2 };
    const plan = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId: stopIds[1], overnight: true, lodging }, { as: owner });
    expect(plan.status).toBe(200);
    const response = await t.api.post(
      '/trips/stops/auto-schedule',
      { tripId: trip.id, startDate: '2025-08-01', defaultStayDurationDays: 0, countDriveTime: true },
      { as: owner },
    );
    // Santa Barbara is reached after the two nights in Monterey; Los Angeles (306 + 136 minutes) fits that day.
    expect(arrivalDates(response.body)).toEqual(['2025-08-01', '2025-08-01', '2025-08-03', '2025-08-03']);
    const doc = (await t.server.deps.tripDocs.open(trip.id))!.doc;
    const itinerary = computeSchedule(readMeta(doc), orderedStops(doc));
    expect(itinerary.days.map((day) => [day.date, day.stopIds])).toEqual([
      ['2025-08-01', stopIds.slice(0, 2)],
      ['2025-08-03', stopIds.slice(2)],
    ]);
    expect(itinerary.days.flatMap((day) => day.warnings)).toEqual([]);
  });

  it('refuses a countDriveTime that is not true or false', async () => {
    const { owner, trip } = await tripWithCrew(t.server.deps.dataSource);
    const response = await t.api.post(
      '/trips/stops/auto-schedule',
      { tripId: trip.id, startDate: '2025-08-01', defaultStayDurationDays: 1, countDriveTime: 'yes' },
      { as: owner },
    );
    expect(response).toMatchObject({ status: 400, body: { error: 'countDriveTime must be true or false' } });
  });
});
