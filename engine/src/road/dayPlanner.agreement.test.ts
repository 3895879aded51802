/**
 * Plan my days walks the day model over its matrix (./dayPlanner/daySimulation.ts) and the page walks it over the
 * stops' drives (shared computeSchedule): the same trip in the same order must get the same days and the same
 * verdicts from both, or the dialog says "nothing unmet" of a stop the itinerary marks closed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeSchedule, type ScheduleStopInput } from '@caravan/shared';
import type { RoadMatrix } from '../routing/legRouter.ts';
import { simulateDays, type Simulation } from './dayPlanner/daySimulation.ts';
import { timedStops, type DayPlanSettings, type DayPlanStop } from './dayPlanner/planStops.ts';

// The opening-hours library reads the runtime's zone: run in one far from the stops'.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** Verdicts both walks give of a stop, under the same names. */
const STOP_VERDICTS = new Set(['closed', 'closesDuringStay', 'fixedTimeMissed', 'lateForPlannedDate', 'pastWindow']);

interface Trip {
  stops: DayPlanStop[];
  /** Drive minutes between the stops, in stop order (unlocated stops' rows unused). */
  minutes: number[][];
  settings: DayPlanSettings;
}

/** The planner's matrix over the located stops. */
function matrixOf({ stops, minutes }: Trip): RoadMatrix {
  const located = stops.flatMap((stop, k) => (stop.latitude !== null ? [k] : []));
  const rows = located.map((from) => located.map((to) => minutes[from][to]));
  return { minutes: rows, distanceKm: rows.map((row) => row.map((m) => m)), source: 'great-circle' };
}

/** The stops as the page reads them: each located stop's drive from the last located one as its stored estimate. */
function pageStops({ stops, minutes }: Trip): ScheduleStopInput[] {
  let last: number | null = null;
  return stops.map((stop, k) => {
    const located = stop.latitude !== null;
    const from = last;
    if (located) last = k;
    return { ...stop, estimatedDriveMinutes: located && from !== null ? minutes[from][k] : null } as ScheduleStopInput;
  });
}

function bothWalks(trip: Trip, now = Date.parse('2027-01-01T00:00:00Z')) {
  const plan = simulateDays(timedStops(trip.stops), matrixOf(trip), trip.settings, now, false);
  const { startDate, departureTime, earliestDeparture, latestArrival, dailyDriveLimitMinutes } = trip.settings;
  const page = computeSchedule({ startDate, departureTime, earliestDeparture, arrivalTime: latestArrival, dailyDriveLimitMinutes }, pageStops(trip), {
    today: new Date(now).toISOString().slice(0, 10),
  });
  return { plan, page };
}

/** Each stop's verdicts, as 'stopId kind', from the plan and from the page. */
function verdicts({ plan, page }: { plan: Simulation; page: ReturnType<typeof computeSchedule> }) {
  const fromPlan = plan.unmet.filter((miss) => STOP_VERDICTS.has(miss.kind)).map((miss) => `${miss.stopId} ${miss.kind}`);
  const fromPage = page.stops.flatMap((stop) => stop.warnings.filter((warning) => STOP_VERDICTS.has(warning.kind)).map((warning) => `${stop.stopId} ${warning.kind}`));
  return { plan: [...new Set(fromPlan)].sort(), page: [...new Set(fromPage)].sort() };
}

const settings: DayPlanSettings = { startDate: '2027-06-07', departureTime: '09:00', earliestDeparture: '08:00', latestArrival: '18:00', dailyDriveLimitMinutes: 480 };
/** Stops in Kansas (America/Chicago). */
const stop = (id: string, extra: Partial<DayPlanStop> = {}): DayPlanStop => ({ id, name: id, latitude: 38.5, longitude: -98, visited: false, ...extra });
/** Every stop `hours` from every other. */
const evenly = (count: number, minutes: number) => Array.from({ length: count }, (_, i) => Array.from({ length: count }, (_, j) => (i === j ? 0 : minutes)));

describe('Plan my days and the itinerary, walking the same trip', () => {
  it('both flag a stay that runs past closing: 2 h from 15:19 at a place closing at 17:00', () => {
    const trip: Trip = { stops: [stop('A'), stop('Museum', { openingHours: 'Mo-Su 09:00-17:00', stayMinutes: 120 })], minutes: evenly(2, 379), settings };
    const walks = bothWalks(trip);
    expect(walks.plan.unmet).toEqual([{ stopId: 'Museum', day: 1, kind: 'closesDuringStay', minutes: 19 }]);
    expect(verdicts(walks)).toEqual({ plan: ['Museum closesDuringStay'], page: ['Museum closesDuringStay'] });
  });
});
