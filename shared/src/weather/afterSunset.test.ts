import { describe, expect, it } from 'vitest';
import { computeSchedule } from '../schedule/computeSchedule.ts';
import { localIso } from '../schedule/localTime.ts';
import { driveAfterSunset } from './afterSunset.ts';

/** Seattle to Portland in December: about four hours by the estimate, the sun down by half past four. */
const STOPS = [
  { id: 'seattle', latitude: 47.6062, longitude: -122.3321 },
  { id: 'portland', latitude: 45.5152, longitude: -122.6784 },
];

function lateOf(departureTime: string, stops = STOPS) {
  const schedule = computeSchedule({ startDate: '2031-12-04', departureTime }, stops);
  const timed = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
  const positions = new Map(stops.map((stop) => [stop.id, stop.latitude === null ? null : { latitude: stop.latitude, longitude: stop.longitude! }]));
  return driveAfterSunset(schedule.days[0], (id) => timed.get(id), (id) => positions.get(id) ?? null);
}

describe('a drive in the dark', () => {
  it('is the first stop reached after the sun has set there, with its arrival and sunset in its zone', () => {
    const late = lateOf('15:00')!;
    expect(late).toMatchObject({ stopId: 'portland', dark: 'afterSunset' });
    expect(localIso(late.sunMs, late.timeZone).slice(0, 16)).toBe('2031-12-04T16:27');
    expect(late.arrivalMs).toBeGreaterThan(late.sunMs);
  });

  it('is a drive that arrives before sunrise too', () => {
    const early = lateOf('03:00')!;
    expect(early).toMatchObject({ stopId: 'portland', dark: 'beforeSunrise' });
    expect(localIso(early.sunMs, early.timeZone).slice(0, 16)).toBe('2031-12-04T07:33');
  });

  it('is none for a drive that arrives in daylight, or to a stop without a position', () => {
    expect(lateOf('09:00')).toBeNull();
    expect(lateOf('15:00', [STOPS[0], { id: 'portland', latitude: null as unknown as number, longitude: null as unknown as number }])).toBeNull();
  });
});
