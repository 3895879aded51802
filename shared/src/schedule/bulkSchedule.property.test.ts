import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roadSettingsOf } from '../domain/roadSettings.ts';
import { storedPlannedDate } from '../domain/schedule.ts';
import { bulkSchedule, bulkScheduleWalks, type BulkScheduleOptions, type DatableStop, type ScheduledStop } from './bulkSchedule.ts';
import { computeSchedule } from './computeSchedule.ts';
import type { ScheduleTrip } from './types.ts';

const TODAY = '2026-03-02';
const time = fc.tuple(fc.integer({ min: 5, max: 22 }), fc.constantFrom(0, 30)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const date = fc.integer({ min: 0, max: 30 }).map((offset) => new Date(Date.UTC(2026, 2, 1 + offset)).toISOString().slice(0, 10));

/**
 * Stops across North America (several zones, a DST change inside the dates), some without a position, legs of any
 * length, overnights with multi-night lodgings, stays, fixed times and opening hours, some already dated.
 */
const stopFields = fc.record(
  {
    position: fc.option(fc.record({ latitude: fc.double({ min: 25, max: 60, noNaN: true }), longitude: fc.double({ min: -160, max: -60, noNaN: true }) }), { freq: 4 }),
    estimatedDriveMinutes: fc.option(fc.integer({ min: 0, max: 900 })),
    plannedArrivalDate: fc.option(date, { freq: 3 }),
    autoScheduled: fc.boolean(),
    stayMinutes: fc.option(fc.integer({ min: 0, max: 600 })),
    fixedTime: fc.option(time, { freq: 6 }),
    openingHours: fc.constantFrom(null, null, 'Mo-Fr 09:00-17:00', 'Tu-Su 10:00-18:00', '24/7'),
    overnight: fc.boolean(),
    nights: fc.integer({ min: 1, max: 3 }),
    skip: fc.boolean(),
    customDuration: fc.option(fc.constantFrom(0.5, 1, 1.5, 2, 3), { freq: 3 }),
  },
  { requiredKeys: ['estimatedDriveMinutes', 'autoScheduled', 'overnight', 'nights', 'skip'] },
);

const tripSettings = fc.record(
  {
    startDate: fc.option(date, { freq: 4 }),
    departureTime: time,
    earliestDeparture: time,
    arrivalTime: time,
    dailyDriveLimitMinutes: fc.integer({ min: 60, max: 900 }),
  },
  { requiredKeys: [] },
);

/** Bulk Schedule (half days, custom stays, skips, weekends) or auto-schedule (whole days, dates set by hand kept). */
const dating = fc.oneof(
  fc.record({
    kind: fc.constant('bulk' as const),
    startDate: date,
    defaultDurationDays: fc.constantFrom(0.5, 1, 2),
    avoidWeekends: fc.boolean(),
    skipSome: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('auto' as const), startDate: date, defaultDurationDays: fc.constantFrom(0, 1, 2), avoidWeekends: fc.constant(false), skipSome: fc.constant(false) }),
);

type Fields = typeof stopFields extends fc.Arbitrary<infer T> ? T : never;

function tripStops(fields: Fields[]): DatableStop[] {
  return fields.map((stop, index) => ({
    id: `s${index}`,
    ...stop.position,
    estimatedDriveMinutes: stop.estimatedDriveMinutes,
    plannedArrivalDate: stop.plannedArrivalDate ? storedPlannedDate(stop.plannedArrivalDate) : null,
    autoScheduled: stop.autoScheduled,
    stayMinutes: stop.stayMinutes,
    fixedTime: stop.fixedTime,
    openingHours: stop.openingHours,
    overnight: stop.overnight,
    lodging: stop.overnight ? { name: 'Inn', nights: stop.nights } : null,
  }));
}

/** The trip as the doors leave it after applying the dates: each dated stop's planned date, autoScheduled true. */
function applied(stops: readonly DatableStop[], schedule: readonly ScheduledStop[]): DatableStop[] {
  const arrivals = new Map(schedule.map((entry) => [entry.stopId, entry.arrival]));
  return stops.map((stop) => (arrivals.has(stop.id) ? { ...stop, plannedArrivalDate: storedPlannedDate(arrivals.get(stop.id)!), autoScheduled: true } : stop));
}

describe('Bulk Schedule with "Count drive time", for any trip', () => {
  it('dates each stop on the day the itinerary then shows it, and no day drives past the limit where a later date would not', () => {
    fc.assert(
      fc.property(fc.array(stopFields, { minLength: 1, maxLength: 16 }), tripSettings, dating, (fields, trip: ScheduleTrip, how) => {
        const stops = tripStops(fields);
        const overrides = Object.fromEntries(
          fields.map((stop, index) => [`s${index}`, { skip: how.skipSome && stop.skip, customDuration: how.kind === 'bulk' ? stop.customDuration : null }]),
        );
        const options: BulkScheduleOptions = {
          startDate: how.startDate,
          defaultDurationDays: how.defaultDurationDays,
          avoidWeekends: how.avoidWeekends,
          overrides,
          keepHandSetDates: how.kind === 'auto',
        };
        const { schedule, walks } = bulkScheduleWalks(stops, { ...options, countDriveTime: { trip, today: TODAY } });
        const counted = bulkSchedule(stops, options);

        // The count kept the walk's rules: one walk confirmed its dates.
        expect(walks).toBe(1);

        // The same stops as the plain count, in order, from the start date on.
        expect(schedule.map((entry) => entry.stopId)).toEqual(counted.map((entry) => entry.stopId));
        schedule.forEach((entry, index) => {
          expect(entry.arrival >= (index > 0 ? schedule[index - 1].arrival : how.startDate)).toBe(true);
        });

        const itinerary = computeSchedule(trip, applied(stops, schedule), { today: TODAY });
        const dayOf = new Map(itinerary.days.flatMap((day) => day.stopIds.map((stopId) => [stopId, day] as const)));
        for (const entry of schedule) expect([entry.stopId, dayOf.get(entry.stopId)!.date]).toEqual([entry.stopId, entry.arrival]);

        // A dated stop whose leg takes its day past the limit is that day's first drive.
        const limit = roadSettingsOf(trip).dailyDriveLimitMinutes;
        const dated = new Set(schedule.map((entry) => entry.stopId));
        const leg = new Map(itinerary.stops.map((stop) => [stop.stopId, stop.driveMinutes]));
        for (const day of itinerary.days) {
          let driven = 0;
          for (const stopId of day.stopIds) {
            if (dated.has(stopId) && leg.get(stopId)! > 0 && driven > 0) expect(driven + leg.get(stopId)!).toBeLessThanOrEqual(limit);
            driven += leg.get(stopId)!;
          }
          // With every stop dated, a day over the limit is one leg longer than the limit on its own, flagged as ever.
          const overLimit = day.warnings.some((warning) => warning.kind === 'overDailyLimit');
          if (overLimit && day.stopIds.every((stopId) => dated.has(stopId))) {
            const legs = day.stopIds.map((stopId) => leg.get(stopId)!).filter((minutes) => minutes > 0);
            expect(legs).toHaveLength(1);
            expect(legs[0]).toBeGreaterThan(limit);
          }
        }
      }),
      { numRuns: 250 },
    );
  });
});
