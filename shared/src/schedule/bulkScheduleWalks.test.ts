import { describe, expect, it } from 'vitest';
import { dayNumber, dayToDate } from '../domain/schedule.ts';
import { bulkSchedule, bulkScheduleWalks } from './bulkSchedule.ts';
import { fitToDayWalk, type EarliestDays } from './fitToDayWalk.ts';
import type { ScheduleStopInput } from './types.ts';

const walk = { trip: { dailyDriveLimitMinutes: 480 }, today: '2026-06-01' };

/** A road trip of `count` stops, each 40 to 160 km on from the one before (seeded), an overnight every 8th stop (every 16th for two nights). */
function roadTrip(count: number): ScheduleStopInput[] {
  let seed = 7;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  let latitude = 35;
  let longitude = -120;
  return Array.from({ length: count }, (_, index) => {
    latitude = Math.min(48, Math.max(30, latitude + (random() - 0.5) * 1.6));
    longitude = Math.min(-72, Math.max(-122, longitude + (random() - 0.3) * 1.6));
    const overnight = index > 0 && index % 8 === 0;
    return { id: `s${index}`, latitude, longitude, stayMinutes: 30, overnight, lodging: overnight ? { name: 'Inn', nights: index % 16 === 0 ? 2 : 1 } : null };
  });
}

/** Zero-day stays counted from the start date, each no earlier than its earliest day: a count that knows nothing of the walk. */
const plainCount = (stops: readonly ScheduleStopInput[], startDate: string) => (earliest: EarliestDays) => {
  let day = dayNumber(startDate);
  return stops.map((stop) => {
    day = Math.max(day, earliest.get(stop.id) ?? -Infinity);
    return { stopId: stop.id, arrival: dayToDate(day) };
  });
};

describe('"Count drive time" walks the trip once', () => {
  // The bound that keeps a thousand-stop trip's dating linear: the fit walked the trip once per moved stop, seconds of CPU.
  it.each([200, 1000])('for %i stops, zero-day and half-day stays, lodgings every 8th stop', (count) => {
    const stops = roadTrip(count);
    for (const defaultDurationDays of [0, 0.5]) {
      const { schedule, walks } = bulkScheduleWalks(stops, { startDate: '2026-06-01', defaultDurationDays, countDriveTime: walk });
      expect(walks).toBe(1);
      expect(schedule).toHaveLength(count);
      // The limit moved stops on: the trip takes far more days than the lodgings' nights alone.
      expect(dayNumber(schedule.at(-1)!.arrival) - dayNumber('2026-06-01')).toBeGreaterThan((count / 8) * 1.5 + 10);
    }
  });

  it('gives the same dates as the fit moving the stops of a count that knows nothing of the walk, one walk per move', () => {
    const stops = roadTrip(60);
    const fitted = fitToDayWalk(stops, plainCount(stops, '2026-06-01'), walk);
    expect(fitted.dates.map(({ arrival }) => arrival)).toEqual(
      bulkSchedule(stops, { startDate: '2026-06-01', defaultDurationDays: 0, countDriveTime: walk }).map(({ arrival }) => arrival),
    );
    expect(fitted.walks).toBeGreaterThan(10);
  });
});
