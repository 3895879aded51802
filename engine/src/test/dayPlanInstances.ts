/**
 * Seeded trips for the day planner's tests and bench: stops in Kansas (one zone, America/Chicago) with drives
 * from random points, stays, and opening hours laid around the times of a hidden random order walked by the day
 * model's rules (leave at 09:00, days from 08:00 to 18:00 within the daily limit), so an order meeting every
 * opening hour, stays included, exists but is not the shortest.
 */
import type { RoadMatrix } from '../routing/legRouter.ts';
import type { DayPlanSettings, DayPlanStop } from '../road/dayPlanner.ts';
import { seededRandom } from '../road/solver/random.ts';

export interface DayPlanInstance {
  stops: DayPlanStop[];
  matrix: RoadMatrix;
  settings: DayPlanSettings;
}

export interface DayPlanInstanceOptions {
  stops: number;
  /** Share of stops (after the first) given opening hours. */
  withHours: number;
  /** Opening hours every day ('Mo-Su'), or only on the weekday the hidden order reaches them. */
  everyDay: boolean;
  /** Side of the square the points lie in, in drive minutes. */
  spreadMinutes: number;
  /** Stays are 15 minutes to this. Default 90. */
  longestStay?: number;
}

/** 7 June 2027 is a Monday. */
const START_DATE = '2027-06-07';
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const settings: DayPlanSettings = { startDate: START_DATE, departureTime: '09:00', earliestDeparture: '08:00', latestArrival: '18:00', dailyDriveLimitMinutes: 480 };

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function dayPlanInstance(seed: number, options: DayPlanInstanceOptions): DayPlanInstance {
  const random = seededRandom(seed);
  const count = options.stops;
  const points = Array.from({ length: count }, () => [random() * options.spreadMinutes, random() * options.spreadMinutes]);
  const minutes = points.map(([x, y]) => points.map(([u, v]) => Math.round(Math.hypot(x - u, y - v))));
  const stays = points.map((_, k) => (k === 0 ? 0 : 15 + Math.floor(random() * ((options.longestStay ?? 90) - 14))));
  const hidden = [0, ...[...points.keys()].slice(1).sort(() => random() - 0.5)];
  const hours: (string | null)[] = new Array(count).fill(null);
  // The hidden order walked as the day model would: a new day at 08:00 when the next drive passes 18:00 or the limit.
  let day = 0;
  let time = 9 * 60;
  let driven = 0;
  for (let k = 1; k < count; k++) {
    const leg = minutes[hidden[k - 1]][hidden[k]];
    if (time + leg > 18 * 60 || driven + leg > settings.dailyDriveLimitMinutes) [day, time, driven] = [day + 1, 8 * 60, 0];
    time += leg;
    driven += leg;
    if (random() < options.withHours) {
      const opens = Math.max(0, time - Math.floor(random() * 40));
      // Open until the hidden order's stay there ends, at least: a stay past closing is a constraint missed.
      const closes = Math.min(23 * 60 + 59, Math.max(opens + 40 + Math.floor(random() * 50), time + stays[hidden[k]]));
      hours[hidden[k]] = `${options.everyDay ? 'Mo-Su' : WEEKDAYS[day % 7]} ${clock(opens)}-${clock(closes)}`;
    }
    time += stays[hidden[k]];
  }
  const stops = points.map(
    (_, k): DayPlanStop => ({
      id: `S${String(k).padStart(3, '0')}`,
      name: `Stop ${k}`,
      latitude: 38.5 + (k % 20) / 100,
      longitude: -98 + Math.floor(k / 20) / 100,
      visited: false,
      stayMinutes: stays[k] || null,
      openingHours: hours[k],
    }),
  );
  return {
    stops,
    matrix: { minutes, distanceKm: minutes.map((row) => row.map((m) => m * 1.4)), source: 'great-circle' },
    settings,
  };
}
