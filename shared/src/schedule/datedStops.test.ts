import { describe, expect, it } from 'vitest';
import { computeSchedule } from './computeSchedule.ts';
import { datedStopCount, daysAreDated } from './datedStops.ts';

const stop = (id: string, plannedArrivalDate: string | null = null) => ({ id, latitude: 37.77, longitude: -122.42, plannedArrivalDate });
const undated = [stop('a'), stop('b'), stop('c')];

describe('datedStopCount', () => {
  it("counts every stop once the trip's start date dates the days, though no stop has a date of its own", () => {
    const trip = { startDate: '2031-06-01' };
    expect(datedStopCount(trip, undated)).toBe(3);
    // The days it counts are the schedule's: each stop is on a day of that date or later.
    expect(computeSchedule(trip, undated).stops.map((timed) => timed.date)).toEqual(['2031-06-01', '2031-06-01', '2031-06-01']);
  });

  it("counts every stop when the first stop's planned date dates the days", () => {
    expect(datedStopCount({}, [stop('a', '2031-06-01'), stop('b'), stop('c')])).toBe(3);
  });

  it('counts only the stops with their own date while day 1 stands in as today', () => {
    expect(daysAreDated({}, undated)).toBe(false);
    expect(datedStopCount({}, undated)).toBe(0);
    expect(datedStopCount({ startDate: null }, [stop('a'), stop('b', '2031-06-03'), stop('c')])).toBe(1);
    expect(datedStopCount({ startDate: '2031-06-01' }, [])).toBe(0);
  });
});
