/**
 * Today on a trip under way (docs/product.md#today), read off the schedule: the day whose date is today in its own
 * zone, the stop the group heads for next (the first of the day not yet reached), the rest of the day, where it
 * sleeps, and what no longer fits once the day is re-timed (closed at the new arrival, a fixed time missed, past the
 * day's latest arrival).
 */
import { wallClock } from './localTime.ts';
import { readStopProgress } from './stopProgress.ts';
import type { RestDay, Schedule, ScheduleDay, ScheduleStopInput, StopWarning, TimedStop } from './types.ts';

/** The warnings that mean a stop no longer fits the day as it now runs. */
export type MisfitWarning = Extract<StopWarning, { kind: 'closed' | 'fixedTimeMissed' | 'pastWindow' }>;
const MISFIT_KINDS: ReadonlySet<StopWarning['kind']> = new Set(['closed', 'fixedTimeMissed', 'pastWindow']);

export interface Misfit {
  stopId: string;
  warnings: MisfitWarning[];
}

export interface TodayPlan {
  /** The day driven today, or on a rest day the day that ended at its lodging. */
  day: ScheduleDay;
  /** Today is a rest day at that lodging (a later night of a multi-night stay): no stop to head for. */
  restDay: RestDay | null;
  /** Where the group is, or sets off from: the last stop reached (the day's start before any). */
  from: TimedStop;
  /** The stop the group heads for next; null once every stop of the day is reached. */
  next: TimedStop | null;
  /** The day's stops after the next one, in order. */
  later: TimedStop[];
  /** The day's stops already reached. */
  reached: TimedStop[];
  /** Of `next` and `later`, those that no longer fit. */
  misfits: Misfit[];
  /** The day after this one, if the trip has one: "move to tomorrow" puts a stop at its start. */
  tomorrow: ScheduleDay | null;
}

/** Reached: the group said "We're here", or the stop is marked visited. */
export const isReached = (stop: ScheduleStopInput) => stop.visited === true || readStopProgress(stop).arrivedMs !== null;

/** The misfit warnings of a stop, if any. */
export function misfitOf(stop: TimedStop): Misfit | null {
  const warnings = stop.warnings.filter((warning): warning is MisfitWarning => MISFIT_KINDS.has(warning.kind));
  return warnings.length ? { stopId: stop.stopId, warnings } : null;
}

/**
 * Today's plan, or null when the trip is not under way at `nowMs` (no day of the schedule falls on today in its
 * zone). `stops` are the schedule's input, in the same order; `datesSet`: whether the trip's days carry real dates
 * (./datedStops.ts); otherwise day 1 only stands in for today and no trip is under way.
 */
export function todayPlan(schedule: Schedule, stops: readonly ScheduleStopInput[], nowMs: number, datesSet: boolean): TodayPlan | null {
  if (!datesSet) return null;
  const byId = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
  const inputs = new Map(stops.map((stop) => [stop.id, stop]));
  const dayIndex = schedule.days.findIndex((day) => {
    const from = byId.get(day.fromStopId);
    return from !== undefined && wallClock(nowMs, from.timeZone).date === day.date;
  });
  if (dayIndex < 0) return restDayPlan(schedule, byId, nowMs);
  const day = schedule.days[dayIndex];
  // Day 1 lists its starting stop among its stops: the group sets off from it, it is not a stop to head for.
  const ahead = day.stopIds.filter((id) => id !== day.fromStopId).map((id) => byId.get(id)!);
  const reachedCount = ahead.findLastIndex((stop) => isReached(inputs.get(stop.stopId)!)) + 1;
  const reached = ahead.slice(0, reachedCount);
  const [next = null, ...later] = ahead.slice(reachedCount);
  return {
    day,
    restDay: null,
    from: reached.at(-1) ?? byId.get(day.fromStopId)!,
    next,
    later,
    reached,
    misfits: [next, ...later].flatMap((stop) => (stop ? (misfitOf(stop) ?? []) : [])),
    tomorrow: schedule.days[dayIndex + 1] ?? null,
  };
}

/** Today as a rest day at a multi-night stay's lodging, in the lodging's zone; null when it is none. */
function restDayPlan(schedule: Schedule, byId: ReadonlyMap<string, TimedStop>, nowMs: number): TodayPlan | null {
  for (const [index, day] of schedule.days.entries()) {
    const lodging = day.sleep ? byId.get(day.sleep.stopId) : undefined;
    const restDay = lodging && day.restDays.find((rest) => rest.date === wallClock(nowMs, lodging.timeZone).date);
    if (lodging && restDay) return { day, restDay, from: lodging, next: null, later: [], reached: [], misfits: [], tomorrow: schedule.days[index + 1] ?? null };
  }
  return null;
}
