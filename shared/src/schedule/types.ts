/**
 * What the schedule reads (a trip's plan settings and its ordered stops, as the trip document holds them) and what
 * it gives (every stop's times in its own zone, every day's summary, warnings): the one shape the itinerary, the
 * map, the planner and the exports read.
 */
import type { DriveLeg } from '../road/driveLeg.ts';

/** The trip's settings as its meta holds them; a missing or unreadable one reads as its default. */
export interface ScheduleTrip {
  startDate?: string | null;
  departureTime?: string | null;
  earliestDeparture?: string | null;
  /** The latest arrival of every day's window, 'HH:MM'. */
  arrivalTime?: string | null;
  dailyDriveLimitMinutes?: number | null;
  /** The car whose range is walked (../contracts/vehicle.ts); absent or unreadable: none. */
  vehicle?: unknown;
}

/**
 * A stop as the document holds it. The plan fields are read tolerantly: a key a stop lacks (a document from before
 * them) or cannot be read reads as EMPTY_PLAN_STOP_FIELDS.
 */
export interface ScheduleStopInput {
  id: string;
  latitude?: number | null;
  longitude?: number | null;
  plannedArrivalDate?: string | Date | null;
  visited?: boolean | null;
  estimatedDriveMinutes?: number | null;
  driveLeg?: DriveLeg | null;
  kind?: unknown;
  stayMinutes?: unknown;
  fixedTime?: unknown;
  openingHours?: unknown;
  overnight?: unknown;
  lodging?: unknown;
  /** Whether the car refuels here; absent or null: as its kind says. */
  refuels?: unknown;
  /** When the group really got there (ISO with offset); absent or null: not yet. */
  arrivedAt?: unknown;
  /** How much later than planned the group set off for it, in minutes; absent or null: on time. */
  delayMinutes?: unknown;
}

export interface ScheduleOptions {
  /** Day 1 when neither the trip nor the first stop names one: today's date, 'YYYY-MM-DD'; default today in the first stop's zone. */
  today?: string;
  /** The zone of stops before the first located one; default UTC. */
  fallbackTimeZone?: string;
}

export type StopWarning =
  /** Closed at arrival and not opening again that day. `at` is the local arrival. */
  | { kind: 'closed'; at: string }
  | { kind: 'fixedTimeMissed'; fixedTime: string; lateMinutes: number }
  /** Open on arrival, but the stay runs past its closing. `closes` is the local closing time, `minutes` the stay past it. */
  | { kind: 'closesDuringStay'; closes: string; minutes: number }
  /** The schedule reaches the stop after its planned date. */
  | { kind: 'lateForPlannedDate'; plannedDate: string; scheduledDate: string }
  /** Planned before a stop earlier in the order (a reorder left the dates behind). */
  | { kind: 'dateOutOfOrder'; plannedDate: string; earlierStopId: string; earlierDate: string }
  /** Arrives after the day's latest arrival. */
  | { kind: 'pastWindow'; latestArrival: string }
  /** The drive to it runs past local midnight. */
  | { kind: 'pastMidnight' };

export type DayWarning =
  | { kind: 'overDailyLimit'; drivingMinutes: number; limitMinutes: number }
  /** The day ends (the next stop is held to a later date) at a stop that is not an overnight. */
  | { kind: 'noOvernight'; stopId: string }
  /**
   * The car's range reaches its reserve `kmAfter` road km after `afterStopId`, on the drive to `stopId` (`fraction`
   * of the way: where the map marks it), with no refuel since `lastFillStopId` (../range/rangeWalk.ts).
   */
  | { kind: 'rangeRunsOut'; lastFillStopId: string; afterStopId: string; stopId: string; kmAfter: number; fraction: number };

export type ScheduleWarningKind = StopWarning['kind'] | DayWarning['kind'];

export interface TimedStop {
  stopId: string;
  /** 0-based place in the trip order. */
  index: number;
  /** IANA zone of its local times: its position's, else the previous stop's. */
  timeZone: string;
  /** 1-based: day 1 is the trip's first date; a day spent at a lodging is a rest day (ScheduleDay.restDays) with its own number. */
  day: number;
  /** Local calendar date of the arrival, 'YYYY-MM-DD'. */
  date: string;
  arrivalMs: number;
  /** Local wall clock, ISO with offset ('2026-06-01T10:40:00-06:00'). */
  arrival: string;
  departureMs: number;
  departure: string;
  /** Driving from the previous stop (0 for the first); distance null when neither a leg nor positions give it. */
  driveMinutes: number;
  distanceKm: number | null;
  /** Waiting for the fixed time or the opening. */
  waitMinutes: number;
  stayMinutes: number;
  /** The visit itself, after the wait, for its stay: what a calendar event or an itinerary block spans. */
  visitStartMs: number;
  visitStart: string;
  visitEndMs: number;
  visitEnd: string;
  /** When to leave the previous stop: its departure, in its zone. Null for the first stop. */
  leaveBy: string | null;
  warnings: StopWarning[];
}

export interface ScheduledLodging {
  stopId: string;
  /** The lodging's name when the stop has one, else null (sleep at the stop). */
  lodgingName: string | null;
  nights: number;
}

/** A day with no driving, at the lodging the day before it ended at: nights count as days. */
export interface RestDay {
  day: number;
  /** 'YYYY-MM-DD' */
  date: string;
}

export interface ScheduleDay {
  day: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** Where the day leaves from (day 1: the first stop) and where it ends. */
  fromStopId: string;
  toStopId: string;
  /** The stops that day arrives at, in order (day 1 includes the first stop). */
  stopIds: string[];
  drivingMinutes: number;
  distanceKm: number;
  firstDepartureMs: number;
  firstDeparture: string;
  lastArrivalMs: number;
  lastArrival: string;
  /** Where the group sleeps: the day's last stop when it is an overnight; null otherwise. */
  sleep: ScheduledLodging | null;
  /** The days spent at that lodging after this one (a 2-night stay: one), each with its own number. */
  restDays: RestDay[];
  warnings: DayWarning[];
}

export interface Schedule {
  stops: TimedStop[];
  days: ScheduleDay[];
}
