/**
 * Auto-schedule with "Count drive time" walks the itinerary's days of the whole trip: on a thousand-stop trip that
 * runs in the worker pool, so another user's trip list answers at once while it runs, a user's third at once is
 * refused (429, the pool's places per user), and the dates it writes are still the itinerary's days; past the pool's
 * time budget it is stopped with a clear 503 and writes nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoSchedule, computeSchedule, messages, orderedStops, readMeta } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildTrip, buildUser } from '../../test/factories.ts';
import { addScatteredStops } from '../../test/heavyRequests.ts';
import { listTimesWhile } from '../../test/listTimes.ts';
import { useTestServer, type TestServer } from '../../test/useTestServer.ts';
import { HEAVY_TASKS_PER_USER } from '../../heavyWork/heavyWork.ts';

const STOPS = 1000;
/** As the worker pool's own test (heavyWork.test.ts): generous for two cores shared with other work. */
const LIST_MAX_MS = 1000;
const START = '2026-06-01';
const TOO_MANY_AT_ONCE = messages.heavyWork.tooManyAtOnce(HEAVY_TASKS_PER_USER);

interface World {
  attacker: User;
  neighbour: User;
  bigTrip: Trip;
}

/** A thousand stops scattered over the United States, each with opening hours and an hour's stay (the walk's hardest). */
async function worldOn(t: TestServer): Promise<World> {
  const { dataSource } = t.server.deps;
  const [attacker, neighbour] = await Promise.all([buildUser(dataSource), buildUser(dataSource)]);
  const bigTrip = await buildTrip(dataSource, attacker, { title: 'Every town' });
  await buildTrip(dataSource, neighbour, { title: 'A quiet weekend' });
  // The trip's first stop and 999 more: the limit.
  await addScatteredStops(t.server.deps, bigTrip, STOPS - 1, 3, true);
  await t.server.deps.legs.idle();
  return { attacker, neighbour, bigTrip };
}

const autoScheduleWithDrives = (t: TestServer, trip: Trip, as: User) =>
  t.api.post('/trips/stops/auto-schedule', { tripId: trip.id, startDate: START, defaultStayDurationDays: 0, countDriveTime: true }, { as });

describe('auto-schedule counting drive time on a thousand-stop trip', () => {
  const t = useTestServer({ heavyWork: { threads: 1, budgetMs: 90_000 } });
  let world: World;

  beforeAll(async () => {
    world = await worldOn(t);
  });

  it("answers another user's trip list at once while it runs, and dates every stop on the itinerary's day", { timeout: 120_000 }, async () => {
    const { attacker, neighbour, bigTrip } = world;
    // Three at once: the pool gives each user two places, so the third is refused before it reads anything.
    const work = Promise.all([1, 2, 3].map(() => autoScheduleWithDrives(t, bigTrip, attacker)));

    const listTimes = await listTimesWhile(t, neighbour, work);
    const answers = await work;

    expect(answers.map(({ status, body }) => [status, body.error])).toEqual(expect.arrayContaining([[200, undefined], [200, undefined], [429, TOO_MANY_AT_ONCE]]));
    const answer = answers.find(({ status }) => status === 200)!;
    expect(listTimes.length).toBeGreaterThan(3);
    expect(Math.max(...listTimes)).toBeLessThan(LIST_MAX_MS);
    const dates = answer.body.stops.map((stop: { plannedArrivalDate: string }) => stop.plannedArrivalDate.slice(0, 10));
    expect(dates).toHaveLength(STOPS);

    const { doc } = (await t.server.deps.tripDocs.open(bigTrip.id))!;
    const stops = orderedStops(doc);
    expect(stops.map((stop) => [stop.plannedArrivalDate?.slice(0, 10), stop.autoScheduled])).toEqual(dates.map((date: string) => [date, true]));
    // The dates the request loop would have counted itself, and each the day the itinerary puts its stop on.
    const before = stops.map((stop) => ({ ...stop, plannedArrivalDate: null }));
    expect(autoSchedule(before, START, 0, { countDriveTime: { trip: readMeta(doc) } }).map(({ arrival }) => arrival)).toEqual(dates);
    const itinerary = computeSchedule(readMeta(doc), stops);
    const dayOf = new Map(itinerary.days.flatMap((day) => day.stopIds.map((stopId) => [stopId, day.date])));
    expect(stops.map((stop) => dayOf.get(stop.id))).toEqual(dates);
    // Scattered a country apart, most legs pass the daily limit on their own: the trip takes hundreds of days.
    expect(new Set(dates).size).toBeGreaterThan(STOPS / 2);
  });

  it('dates from the stored trip without holding its lock: a stop deleted meanwhile is skipped, one dated by hand meanwhile keeps its date', async () => {
    const { attacker } = world;
    const trip = await buildTrip(t.server.deps.dataSource, attacker, { title: 'A short drive' });
    await addScatteredStops(t.server.deps, trip, 4, 5);
    const stopIds = orderedStops((await t.server.deps.tripDocs.open(trip.id))!.doc).map((stop) => stop.id);
    let scheduled = false;
    // The small trip's lane has not started its thread yet: a second or more, time to change the trip meanwhile.
    const work = autoScheduleWithDrives(t, trip, attacker).finally(() => (scheduled = true));
    await sleep(300);
    const as = { as: attacker };
    expect((await t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: stopIds[2] }, as)).status).toBe(200);
    const handSet = { tripId: trip.id, stopId: stopIds[3], plannedArrivalDate: '2026-09-09', autoScheduled: false };
    expect((await t.api.post('/trips/stops/update-planned-date', handSet, as)).status).toBe(200);
    expect(scheduled).toBe(false);

    const answer = await work;
    expect(answer.status).toBe(200);
    expect(answer.body.stops.map((stop: { id: string }) => stop.id)).toEqual([stopIds[0], stopIds[1], stopIds[4]]);
    const live = orderedStops((await t.server.deps.tripDocs.open(trip.id))!.doc);
    expect(live.map((stop) => stop.id)).toEqual([stopIds[0], stopIds[1], stopIds[3], stopIds[4]]);
    expect(live.map((stop) => stop.autoScheduled)).toEqual([true, true, false, true]);
    expect(live[2].plannedArrivalDate?.slice(0, 10)).toBe('2026-09-09');
  });
});

describe('auto-schedule counting drive time past the pool\'s time budget', () => {
  const budgetMs = 100;
  const t = useTestServer({ heavyWork: { threads: 1, budgetMs } });

  it('is stopped and answers 503 with a clear message, writing no date', { timeout: 60_000 }, async () => {
    const { attacker, neighbour, bigTrip } = await worldOn(t);

    const answer = await autoScheduleWithDrives(t, bigTrip, attacker);

    expect({ status: answer.status, error: answer.body.error }).toEqual({
      status: 503,
      error: messages.heavyWork.tooSlow(messages.heavyWork.datingStops, budgetMs / 1000),
    });
    const { doc } = (await t.server.deps.tripDocs.open(bigTrip.id))!;
    expect(orderedStops(doc).filter((stop) => stop.plannedArrivalDate)).toEqual([]);
    expect((await t.api.get('/trips', { as: neighbour })).status).toBe(200);
  });
});
