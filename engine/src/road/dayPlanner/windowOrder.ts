/**
 * The day planner's schedule-aware order: the located stops as a time-window problem for the time-window solver
 * (../timeWindowSolver.ts). Each stop may be reached on any day of the trip's horizon within that day's driving
 * window (day 1 from the departure time, later days from the earliest departure, until the latest arrival, on the
 * stop's own clocks), narrowed to its opening hours that day, to its fixed time, and to its planned date when it
 * has one; its stay is the service time. Arriving after a day's window is a wait until the next one, which is how
 * the solver sees a night; the day splitter (daySimulation.ts) then decides where days really end.
 */
import type { TimeWindow } from '../timeWindowSolver.ts';
import { solveTimeWindowTour } from '../timeWindowSolver.ts';
import type { RoadMatrix } from '../../routing/legRouter.ts';
import { minuteOfDay } from '@caravan/shared';
import { openIntervals } from './daySimulation.ts';
import type { DayPlanSettings, TimedStop } from './planStops.ts';
import { DAY_MINUTES, instantAt } from './zonedClock.ts';

/**
 * The solver's search capped by work and shakes, never a clock, so the same trip always gets the same order whatever
 * the machine's load. A work budget rather than a count of improving moves: the descent takes the nearest improving
 * move first, so a move count stops it at small gains (3 moves left 7 constraints unmet on bench:route's seed 3,
 * where this budget meets all of them in ~0.35 s of CPU for 200 stops; the solver's default, 40 M, gains one
 * constraint on one seed for twice the time).
 */
const WINDOW_ORDER_WORK = 15_000_000;
const WINDOW_ORDER_SHAKES = 100;

export interface WindowOrderInput {
  /** Every stop in trip order; `keeps[i]` when stop i keeps its place (first, last, visited, pinned, unlocated). */
  stops: readonly TimedStop[];
  keeps: readonly boolean[];
  matrix: RoadMatrix;
  settings: DayPlanSettings;
  /** Day 1 (days since 1970-01-01) and the instant (UTC minutes) it leaves the first stop. */
  startDay: number;
  startTime: number;
  /** Days the windows cover. */
  horizonDays: number;
}

/** Room for a stop to move to a later day beyond the days the trip's driving and stays fill. */
const HORIZON_STRETCH = 2;
const HORIZON_SLACK_DAYS = 2;
/** A trip planned further ahead than this has its later days left to the splitter. */
const MAX_HORIZON_DAYS = 60;

/**
 * Days the windows cover: the days the stays and the driving fill within the daily window and limit, with room
 * to spare, and at least to the last planned date. The driving is a lower bound (each located stop's shortest
 * drive in), so the horizon depends on the trip alone. Not many more days: the solver counts waiting as free,
 * so a loose horizon lets it spread the trip over more days than it needs.
 */
export function planHorizon(stops: readonly TimedStop[], matrix: RoadMatrix, settings: DayPlanSettings, startDay: number): number {
  const earliest = minuteOfDay(settings.earliestDeparture) ?? 0;
  const window = Math.max(60, (minuteOfDay(settings.latestArrival) ?? DAY_MINUTES) - earliest);
  const stays = stops.slice(1).reduce((sum, stop) => sum + stop.stayMinutes, 0);
  let driveMinutes = 0;
  for (let to = 1; to < matrix.minutes.length; to++) {
    let shortest = Infinity;
    for (let from = 0; from < matrix.minutes.length; from++) if (from !== to) shortest = Math.min(shortest, matrix.minutes[from][to]);
    driveMinutes += shortest;
  }
  const filled = Math.max((stays + driveMinutes) / window, driveMinutes / Math.max(1, settings.dailyDriveLimitMinutes));
  const planned = stops.map((stop) => (stop.plannedDay ?? startDay) - startDay + 1);
  return Math.min(MAX_HORIZON_DAYS, Math.max(Math.ceil(HORIZON_STRETCH * filled) + HORIZON_SLACK_DAYS, ...planned));
}

/** Whether any stop has something the clock can miss: a fixed time, opening hours or a planned date. */
export const hasTimeConstraint = (stops: readonly TimedStop[]) =>
  stops.some((stop) => stop.fixedMinute !== null || stop.openingHours !== null || stop.plannedDay !== null);

/** Where the stop may be reached, as sorted, disjoint windows in minutes after the start; [] for any time. */
export function stopWindows(stop: TimedStop, { settings, startDay, startTime, horizonDays }: WindowOrderInput): TimeWindow[] {
  const earliest = minuteOfDay(settings.earliestDeparture) ?? 0;
  const departure = minuteOfDay(settings.departureTime) ?? earliest;
  const latest = minuteOfDay(settings.latestArrival) ?? DAY_MINUTES - 1;
  const windows: TimeWindow[] = [];
  for (let day = startDay; day < startDay + horizonDays; day++) {
    if (stop.plannedDay !== null && stop.plannedDay >= startDay && day !== stop.plannedDay) continue;
    const midnight = day * DAY_MINUTES;
    let from = midnight + (day === startDay ? departure : earliest);
    let to = midnight + latest;
    if (stop.fixedMinute !== null) [from, to] = [Math.max(from, midnight + stop.fixedMinute), Math.min(to, midnight + stop.fixedMinute)];
    const open = stop.openingHours === null ? [[midnight, midnight + DAY_MINUTES]] : openIntervals(stop.openingHours, day);
    for (const [opens, closes] of open) {
      const start = Math.max(from, opens);
      // The visit ends by closing (a stay past it is a constraint missed); a place open past midnight goes on.
      const end = Math.min(to, closes >= midnight + DAY_MINUTES ? closes : closes - stop.stayMinutes);
      if (start > end) continue;
      const window: [number, number] = [instantAt(start, stop.zone) - startTime, instantAt(end, stop.zone) - startTime];
      // A start in the hour the clocks skip reads an hour on (02:30 → 03:30): it may pass an end just after the gap.
      if (window[0] > window[1]) continue;
      const previous = windows[windows.length - 1];
      // Touching intervals (open until noon, from noon) are one window to the solver.
      if (previous && window[0] <= previous[1]) windows[windows.length - 1] = [previous[0], Math.max(previous[1], window[1])];
      else windows.push(window);
    }
  }
  return windows;
}

/**
 * The stops in the order the time-window solver gives: the least lateness, then the least driving. Stops that
 * keep their place do (unlocated ones are not in the matrix and stay at their indexes, as in Optimise route).
 */
export function windowOrder(input: WindowOrderInput): TimedStop[] {
  const { stops, keeps, matrix } = input;
  const located = stops.filter((stop) => stop.located !== null);
  if (located.length < 3) return [...stops];
  const fixedPositions = new Map<number, number>([[0, 0]]);
  stops.forEach((stop, index) => {
    if (stop.located !== null && keeps[index]) fixedPositions.set(stop.located, stop.located);
  });
  const solved = solveTimeWindowTour(
    matrix.minutes.map((row) => row.map(Math.round)),
    {
      first: 0,
      startTime: 0,
      fixedPositions,
      windows: located.map((stop, index) => (index === 0 ? [] : stopWindows(stop, input))),
      serviceTimes: located.map((stop, index) => (index === 0 ? 0 : stop.stayMinutes)),
      maxIterations: WINDOW_ORDER_SHAKES,
      workBudget: WINDOW_ORDER_WORK,
    },
  );
  let next = 0;
  return stops.map((stop) => (stop.located === null ? stop : located[solved.order[next++]]));
}
