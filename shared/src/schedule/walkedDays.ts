/**
 * "Count drive time"'s first pass: the day walk's own rules (computeSchedule), kept by the count as it dates the stops
 * in order, so that the fit (fitToDayWalk.ts) walks the trip once to confirm the dates rather than once per moved
 * stop. The legs' minutes do not depend on the dates: they are read once. The walk's day moves on to a stop's date
 * when it is later, and after an overnight by its nights; each day holds the trip's daily driving limit (a leg longer
 * than the limit on its own is its day's first drive). What the count cannot know (a time zone, a stop left undated
 * before any date) the fit still corrects.
 */
import { roadSettingsOf } from '../domain/roadSettings.ts';
import { dayNumber } from '../domain/schedule.ts';
import { readStopPlan } from './stopPlan.ts';
import { stopDrives } from './stopDrives.ts';
import type { ScheduleStopInput, ScheduleTrip } from './types.ts';

/** What the walk reads of the trip, once: each stop's leg and its overnight's nights (0: not an overnight). */
export interface WalkedTrip {
  legs: number[];
  nights: number[];
  limitMinutes: number;
  /** Day 1 when the trip names it (a day number), else null. */
  startDay: number | null;
  /** Day 1 when neither the trip nor the first stop names one: the walk's today, null when it reads the clock. */
  today: number | null;
}

export function walkedTrip(trip: ScheduleTrip, stops: readonly ScheduleStopInput[], today?: string): WalkedTrip {
  const settings = roadSettingsOf(trip);
  return {
    legs: stopDrives(stops).map((drive) => drive.minutes),
    nights: stops.map((stop) => {
      const plan = readStopPlan(stop);
      return plan.overnight ? plan.nights : 0;
    }),
    limitMinutes: settings.dailyDriveLimitMinutes,
    startDay: settings.startDate === null ? null : dayNumber(settings.startDate),
    today: today === undefined ? null : dayNumber(today),
  };
}

/** The walk's days as the count goes: one per count, fed every stop in trip order. */
export class WalkedDays {
  /** The walk's current day (a day number); null while unknown (no stop dated yet and no start date). */
  private day: number | null = null;
  private driven = 0;

  constructor(private readonly trip: WalkedTrip) {}

  /** The day the walk reaches the stop at `index` on when it has no later date: after the one before's nights. */
  private reached(index: number): number | null {
    if (index === 0) return this.trip.startDay;
    // The first stop is where day 1 sets off from: an overnight mark on it holds nothing.
    const nights = index > 1 ? this.trip.nights[index - 1] : 0;
    return this.day === null ? null : this.day + nights;
  }

  /**
   * The first day from `day` the stop at `index` may be dated and the walk put it there: not before the day the walk
   * reaches it on, and the next one when its leg would take that day's driving past the limit.
   */
  earliest(index: number, day: number): number {
    const reached = this.reached(index);
    if (reached !== null && reached > day) return reached;
    const leg = this.trip.legs[index];
    const sameDay = day === this.day && reached === this.day;
    return sameDay && leg > 0 && this.driven > 0 && this.driven + leg > this.trip.limitMinutes ? day + 1 : day;
  }

  /** The stop at `index` is dated `planned` (a day number; null: no date): the walk puts it on the later of that and the day it reaches. */
  arrive(index: number, planned: number | null): void {
    const reached = index === 0 && planned === null ? (this.trip.startDay ?? this.trip.today) : this.reached(index);
    const day = planned === null ? reached : reached === null ? planned : Math.max(planned, reached);
    if (day !== this.day) this.driven = 0;
    this.day = day;
    this.driven += this.trip.legs[index];
  }
}
