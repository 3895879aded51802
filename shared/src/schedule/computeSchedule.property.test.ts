import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSchedule } from './computeSchedule.ts';
import type { ScheduleStopInput } from './types.ts';

const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const date = fc.integer({ min: 0, max: 40 }).map((offset) => new Date(Date.UTC(2026, 2, 1 + offset)).toISOString().slice(0, 10));
const lodging = fc.record({ name: fc.constant('Inn'), checkOut: fc.option(time), nights: fc.integer({ min: 1, max: 3 }) });

/** Stops across North America (several zones, one DST change inside the dates) with any mix of plan fields. */
const stopInput = fc.record(
  {
    latitude: fc.double({ min: 25, max: 60, noNaN: true }),
    longitude: fc.double({ min: -160, max: -60, noNaN: true }),
    estimatedDriveMinutes: fc.option(fc.integer({ min: 0, max: 900 })),
    plannedArrivalDate: fc.option(date),
    kind: fc.constantFrom('sight', 'food', 'nature', 'fuel', 'lodging', 'other', null),
    stayMinutes: fc.option(fc.integer({ min: 0, max: 600 })),
    fixedTime: fc.option(time),
    openingHours: fc.constantFrom(null, 'Mo-Fr 09:00-17:00', 'Tu-Su 10:00-18:00; PH off', '24/7', 'Sa,Su 12:00-14:00'),
    overnight: fc.boolean(),
    lodging: fc.option(lodging),
  },
  { requiredKeys: [] },
);

describe('the schedule, for any trip', () => {
  it('never departs before it arrives, never arrives before the previous departure, and its days never go backwards', () => {
    fc.assert(
      fc.property(
        fc.array(stopInput, { minLength: 1, maxLength: 25 }),
        fc.record({ startDate: fc.option(date), departureTime: time, earliestDeparture: time, arrivalTime: time, dailyDriveLimitMinutes: fc.integer({ min: 60, max: 900 }) }),
        (inputs, trip) => {
          const stops = inputs.map((fields, index) => ({ ...fields, id: `s${index}` }) as ScheduleStopInput);
          const { stops: timed, days } = computeSchedule(trip, stops, { today: '2026-03-05' });
          expect(timed).toHaveLength(stops.length);
          timed.forEach((stop, index) => {
            expect(stop.departureMs).toBeGreaterThanOrEqual(stop.arrivalMs);
            expect(Date.parse(stop.arrival)).toBe(stop.arrivalMs);
            expect(Date.parse(stop.departure)).toBe(stop.departureMs);
            if (index > 0) {
              expect(stop.arrivalMs).toBeGreaterThanOrEqual(timed[index - 1].departureMs);
              expect(stop.day).toBeGreaterThanOrEqual(timed[index - 1].day);
            }
          });
          days.forEach((day, index) => {
            if (index > 0) {
              expect(day.day).toBeGreaterThan(days[index - 1].day);
              expect(day.date > days[index - 1].date).toBe(true);
            }
          });
          expect(days.flatMap((day) => day.stopIds)).toEqual(stops.map((stop) => stop.id));
        },
      ),
      { numRuns: 300 },
    );
  });
});
