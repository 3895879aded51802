/**
 * The day planner's view of a trip: its stops with their plan fields read by the itinerary's own reader (shared
 * readStopPlan: a missing or unreadable key reads as none set, so both read a stop alike), the trip's
 * daily window and limit, and what it reports.
 */
import { hasPosition, plannedCalendarDate, readStopPlan, refuelsAt, timeZoneAt, type TUnmetConstraint, type TVehicle } from '@caravan/shared';
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
  /** The car whose range is walked; absent: none. */
  vehicle?: TVehicle;
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
  /** The car refuels or recharges here (shared refuelsAt). */
  refuels: boolean;
}

/**
 * The stops resolved for the schedule; a stop without a position (shared hasPosition, as the matrix's points are
 * chosen) keeps the zone of the one before it (UTC for none).
 */
export function timedStops(stops: readonly DayPlanStop[]): TimedStop[] {
  let located = 0;
  // Stops before the first located one keep its zone, as the itinerary reads them.
  const firstLocated = stops.find(hasPosition);
  let zone = (firstLocated && timeZoneAt(firstLocated.latitude!, firstLocated.longitude!)) ?? 'UTC';
  return stops.map((stop) => {
    // The itinerary's reader of the plan fields, so both read a stop alike (a lodging the form would refuse still has its nights).
    const plan = readStopPlan(stop);
    const positioned = hasPosition(stop);
    if (positioned) zone = timeZoneAt(stop.latitude!, stop.longitude!) ?? zone;
    return {
      id: stop.id,
      located: positioned ? located++ : null,
      zone,
      stayMinutes: plan.stayMinutes,
      fixedMinute: plan.fixedMinute,
      // The text, which the planner's opening-interval cache is keyed by; one the parser cannot read is none.
      openingHours: plan.openingHours ? (stop.openingHours as string) : null,
      overnight: plan.overnight,
      nights: plan.overnight ? plan.nights : 1,
      checkOutMinute: plan.overnight ? plan.checkOutMinute : null,
      plannedDay: plannedCalendarDate(stop.plannedArrivalDate) === null ? null : dayNumber(plannedCalendarDate(stop.plannedArrivalDate)!),
      refuels: refuelsAt({ kind: stop.kind, refuels: stop.refuels }),
    };
  });
}
