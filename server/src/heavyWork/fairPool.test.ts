/**
 * No one account's big trip holds anyone else (issue 39, items 2 and 6): while two accounts export a 990-stop trip
 * with opening hours, the request loop is never held (each file is built in the worker pool) and
 * another user's trip list answers at once; while four accounts plan thousand-stop trips, a fifth account's
 * three-stop "Plan my days" answers within a second or two (small trips have a lane of their own, accounts are
 * served in turn); and a long task that cannot start in time is told so before its budget has gone.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendStops, messages, metaMap, type NewStop } from '@caravan/shared';
import { createLogger, type Trip, type User } from '@caravan/engine';
import { base64, myMapsKmz } from '../imports/fixtures/index.ts';
import { addMember, buildTrip, buildUser } from '../test/factories.ts';
import { addScatteredStops, unusualOpeningHours } from '../test/heavyRequests.ts';
import { listTimesWhile, timed } from '../test/listTimes.ts';
import { useTestServer, type TestServer } from '../test/useTestServer.ts';
import { createHeavyWork } from './heavyWork.ts';

/**
 * Generous: the machine's two cores are shared with other test files. One 990-stop GPX on the request loop held it
 * 2 s on a quiet machine; in the pool, the loop only reads the document and sends the file.
 */
const LOOP_DELAY_MAX_MS = 1000;
/** Two formats each: the track with its descriptions, and the calendar, in a zone per stop. */
const FORMATS = ['gpx', 'ics'];
const LIST_MAX_MS = 1000;
/** "About a second" on a quiet machine; the long plans' threads share the cores. */
const SMALL_PLAN_MAX_MS = 2000;

/** A big trip of one owner with `members` as editors, with opening hours at every stop; the owner and members first. */
async function bigTripOf(t: TestServer, editors: number, stops: number): Promise<{ trip: Trip; accounts: User[] }> {
  const { dataSource } = t.server.deps;
  const accounts = await Promise.all(Array.from({ length: editors + 1 }, () => buildUser(dataSource)));
  const trip = await buildTrip(dataSource, accounts[0], { title: 'Everywhere at opening time' });
  for (const editor of accounts.slice(1)) await addMember(dataSource, trip, editor, 'editor');
  await addScatteredStops(t.server.deps, trip, stops - 1, 7, true);
  // The legs of the new stops are written on the request loop's thread: done before anything is measured.
  await t.server.deps.legs.idle();
  return { trip, accounts };
}

describe('exports of a 990-stop trip with opening hours', () => {
  // One thread, as on a two-core machine; a budget the files keep within even when other test files share the cores.
  const t = useTestServer({ heavyWork: { threads: 1, budgetMs: 60_000 } });
  let trip: Trip;
  let exporters: User[];
  let neighbour: User;

  beforeAll(async () => {
    ({ trip, accounts: exporters } = await bigTripOf(t, 1, 990));
    neighbour = await buildUser(t.server.deps.dataSource);
    await buildTrip(t.server.deps.dataSource, neighbour, { title: 'A quiet weekend' });
    // The thread is started by its first task (about a second to load the tasks): not part of what is measured.
    const preview = await t.api.post('/trips/stops/import-preview', { tripId: trip.id, fileName: 'my-maps.kmz', data: base64(myMapsKmz()) }, { as: exporters[0] });
    expect(preview.status).toBe(200);
  });

  // A longer timeout than the project's: on a quiet machine this takes a few seconds; the files are built one after
  // another in the one thread, which shares the cores with other test files.
  it("never hold the request loop: another user's trip list answers at once while two accounts export", { timeout: 120_000 }, async () => {
    const exportAll = (as: User) => async () => {
      const answers = [];
      for (const format of FORMATS) answers.push(await t.api.get<string>(`/trips/export?tripId=${trip.id}&format=${format}`, { as }));
      return answers;
    };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const work = Promise.all(exporters.map((as) => exportAll(as)()));
    const listTimes = await listTimesWhile(t, neighbour, work);
    delay.disable();

    const files = await work;
    expect(files.map((answers) => answers.map((answer) => answer.status))).toEqual(exporters.map(() => FORMATS.map(() => 200)));
    expect(delay.max / 1e6).toBeLessThan(LOOP_DELAY_MAX_MS);
    expect(listTimes.length).toBeGreaterThan(3);
    expect(Math.max(...listTimes)).toBeLessThan(LIST_MAX_MS);
    // Built from the schedule: every stop an event at its time in its own zone.
    const ics = files[0][FORMATS.indexOf('ics')].body;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(990);
    expect(ics).toContain('DTSTART;TZID=America/');
  });
});

describe('Plan my days while four accounts plan thousand-stop trips', () => {
  // One thread for long tasks, as on a two-core machine; a budget the threads' start keeps within on a busy one.
  const t = useTestServer({ heavyWork: { threads: 1, budgetMs: 60_000 } });
  let planners: User[];
  let bigTrip: Trip;
  let smallTrip: Trip;
  let fifth: User;

  beforeAll(async () => {
    ({ trip: bigTrip, accounts: planners } = await bigTripOf(t, 3, 1000));
    fifth = await buildUser(t.server.deps.dataSource);
    smallTrip = await buildTrip(t.server.deps.dataSource, fifth, { title: 'Three stops' });
    await addScatteredStops(t.server.deps, smallTrip, 2, 3, true);
    await t.server.deps.legs.idle();
    // Each lane's thread is started by its first task (about a second to load the tasks): not part of what is timed.
    expect((await plan(smallTrip, fifth)).status).toBe(200);
    const preview = await t.api.post('/trips/stops/import-preview', { tripId: bigTrip.id, fileName: 'my-maps.kmz', data: base64(myMapsKmz()) }, { as: planners[0] });
    expect(preview.status).toBe(200);
  });

  const plan = (trip: Trip, as: User) => t.api.post('/trips/stops/plan-days', { tripId: trip.id }, { as });

  it("answers a fifth account's three-stop plan at once", async () => {
    // Two plans each, as many as an account may have at once; they run for seconds each, one at a time. Not awaited:
    // the server's close in afterAll stops them.
    for (const as of planners) for (let k = 0; k < 2; k++) void plan(bigTrip, as).catch(() => undefined);
    // All eight have read the trip and wait for, or hold, the one long thread.
    await sleep(1500);

    const { answer: mine, ms } = await timed(() => plan(smallTrip, fifth));

    expect(mine.status).toBe(200);
    expect(mine.body.order).toHaveLength(3);
    expect(ms).toBeLessThan(SMALL_PLAN_MAX_MS);
  });
});

describe('a long task that cannot start in time', () => {
  const budgetMs = 3000;
  const heavyWork = createHeavyWork({ threads: 1, budgetMs }, createLogger('silent'));
  afterAll(() => heavyWork.close());

  it('is refused as soon as it has waited three quarters of its budget, saying the server is busy', async () => {
    const task = planDaysInput(1000);
    const first = timed(() => heavyWork.run(1, 'planDays', task).then(() => 'done', (error: Error) => error.message));
    await sleep(100);

    const { answer, ms } = await timed(() => heavyWork.run(2, 'planDays', task).then(() => 'done', (error: Error) => error.message));

    expect(answer).toBe(messages.heavyWork.busy);
    expect(ms).toBeGreaterThanOrEqual(0.75 * budgetMs - 50);
    expect(ms).toBeLessThan(budgetMs);
    // The first one ran: it ended in its budget, done or stopped at it.
    expect(['done', messages.heavyWork.tooSlow(messages.heavyWork.planningDays, budgetMs / 1000)]).toContain((await first).answer);
  });
});

/** "Plan my days"' task input for a trip of `count` stops with unusual opening hours, as the request builds it. */
function planDaysInput(count: number) {
  let seed = 7;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const stops = Array.from({ length: count }, (_, index) => ({
    id: `stop-${index}`,
    name: `Stop ${index + 1}`,
    latitude: 30 + random() * 18,
    longitude: -122 + random() * 50,
    visited: false,
    openingHours: unusualOpeningHours(index),
    stayMinutes: 60,
  }));
  const doc = new Y.Doc();
  appendStops(doc, stops.map(({ id, ...fields }) => ({ id, fields: fields as NewStop })));
  const meta = { startDate: '2026-06-01', departureTime: '08:00', earliestDeparture: '08:00', arrivalTime: '19:00', dailyDriveLimitMinutes: 480 };
  for (const [key, value] of Object.entries(meta)) metaMap(doc).set(key, value);
  const updates = [Y.encodeStateAsUpdate(doc)];
  return { updates, matrix: null, matrixStopIds: [], now: Date.now(), endAtLast: false, pinnedStopIds: [] };
}
