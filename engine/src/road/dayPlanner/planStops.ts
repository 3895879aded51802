/**
 * The day planner's view of a trip: its stops with their plan fields read tolerantly (a missing or unreadable key
 * reads as the empty plan, so a document written before the fields existed plans as one without them), the trip's
 * daily window and limit, and what it reports.
 */
import {
  DEFAULT_STAY_MINUTES,
  EMPTY_PLAN_STOP_FIELDS,
  hasPosition,
  minuteOfDay,
  PLAN_STOP_FIELD_KEYS,
  planStopFields,
  timeZoneAt,
  type PlanStopFields,
  type TUnmetConstraint,
} from '@caravan/shared';
import { dayNumber } from './zonedClock.ts';

/** A stop as the trip document holds it; the plan keys may be missing. */
export interface DayPlanStop {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  visited: boolean;
  plannedArrivalDate?: string | null;
  [key: string]: unknown;
}

export interface DayPlanSettings {
  /** Day 1's date; null: the first stop's planned arrival date, or today in its zone. */
  startDate: string | null;
  /** 'HH:MM': day 1 leaves the first stop then. */
  departureTime: string;
  /** 'HH:MM': every later day leaves then (or at the lodging's check-out, if later). */
  earliestDeparture: string;
  /** 'HH:MM': the latest arrival of every day (the trip's arrival time). */
  latestArrival: string;
  dailyDriveLimitMinutes: number;
}

/** A constraint the plan could not meet: at which stop, on which day (1-based), and by how many minutes (null: not a matter of minutes). */
export type Unmet = TUnmetConstraint;

/** A stop with what the schedule needs of it, resolved once. */
export interface TimedStop {
  id: string;
  /** Its index in the matrix, null for a stop without a position (no drive to or from it). */
  located: number | null;
  zone: string;
  stayMinutes: number;
  fixedMinute: number | null;
  openingHours: string | null;
  overnight: boolean;
  nights: number;
  checkOutMinute: number | null;
  /** Days since 1970-01-01 (zonedClock.ts) of its planned arrival date. */
  plannedDay: number | null;
}

export function readPlanFields(stop: DayPlanStop): PlanStopFields {
  const fields = { ...EMPTY_PLAN_STOP_FIELDS } as Record<string, unknown>;
  for (const key of PLAN_STOP_FIELD_KEYS) {
    const read = planStopFields[key].safeParse(stop[key]);
    if (read.success) fields[key] = read.data;
  }
  return fields as PlanStopFields;
}

/**
 * The stops resolved for the schedule; a stop without a position (shared hasPosition, as the matrix's points are
 * chosen) keeps the zone of the one before it (UTC for none).
 */
export function timedStops(stops: readonly DayPlanStop[]): TimedStop[] {
  let located = 0;
  let zone = 'UTC';
  return stops.map((stop) => {
    const plan = readPlanFields(stop);
    const positioned = hasPosition(stop);
    if (positioned) zone = timeZoneAt(stop.latitude!, stop.longitude!) ?? zone;
    return {
      id: stop.id,
      located: positioned ? located++ : null,
      zone,
      stayMinutes: plan.stayMinutes ?? DEFAULT_STAY_MINUTES[plan.kind ?? 'other'],
      fixedMinute: minuteOfDay(plan.fixedTime),
      openingHours: plan.openingHours,
      overnight: plan.overnight,
      nights: plan.overnight ? (plan.lodging?.nights ?? 1) : 1,
      checkOutMinute: plan.overnight ? minuteOfDay(plan.lodging?.checkOut) : null,
      plannedDay: typeof stop.plannedArrivalDate === 'string' && !Number.isNaN(dayNumber(stop.plannedArrivalDate)) ? dayNumber(stop.plannedArrivalDate) : null,
    };
  });
}
