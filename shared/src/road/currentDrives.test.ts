import { describe, expect, it } from 'vitest';
import { itineraryText } from '../domain/itineraryExport.ts';
import { itineraryStats } from '../domain/stats.ts';
import { dailyDriveLimit, overDailyLimit, totalLegDistanceKm, withCurrentDrives } from './currentDrives.ts';
import { legPoint, type DriveLeg } from './driveLeg.ts';

const A = { id: '00000000-0000-4000-8000-00000000000a', name: 'Chicago', latitude: 41.878113, longitude: -87.629799 };
const B = { id: '00000000-0000-4000-8000-00000000000b', name: 'St. Louis', latitude: 38.627003, longitude: -90.199402 };
const C = { id: '00000000-0000-4000-8000-00000000000c', name: 'Tulsa', latitude: 36.15398, longitude: -95.99277 };

const leg = (from: typeof A, to: typeof A, minutes: number, distanceKm: number): DriveLeg => ({
  fromStopId: from.id,
  from: legPoint(from),
  to: legPoint(to),
  minutes,
  distanceKm,
  source: 'osrm',
  geometry: null,
});

describe('withCurrentDrives', () => {
  const ab = leg(A, B, 297, 477.9);
  const bc = leg(B, C, 380, 637.2);

  it("gives each stop its current leg's minutes, and keeps the objects of stops already so", () => {
    const stops = [
      { ...A, driveLeg: null, estimatedDriveMinutes: null },
      { ...B, driveLeg: ab, estimatedDriveMinutes: 297 },
      { ...C, driveLeg: bc, estimatedDriveMinutes: 380 },
    ];
    const shown = withCurrentDrives(stops);
    expect(shown.map((stop) => stop.estimatedDriveMinutes)).toEqual([null, 297, 380]);
    shown.forEach((stop, index) => expect(stop).toBe(stops[index]));
  });

  it('shows a leg of an order that has since changed as not known yet, never as a wrong drive', () => {
    // C moved before B: B's leg was from A, C's from B; now C follows A and B follows C.
    const shown = withCurrentDrives([
      { ...A, driveLeg: null, estimatedDriveMinutes: null },
      { ...C, driveLeg: bc, estimatedDriveMinutes: 380 },
      { ...B, driveLeg: ab, estimatedDriveMinutes: 297 },
    ]);
    expect(shown.map((stop) => [stop.estimatedDriveMinutes, stop.driveLeg])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("keeps the stored estimate for a stop with no leg recorded (a source without legs)", () => {
    const fromProjection = [{ ...A, estimatedDriveMinutes: null }, { ...B, estimatedDriveMinutes: 300 }];
    expect(withCurrentDrives(fromProjection).map((stop) => stop.estimatedDriveMinutes)).toEqual([null, 300]);
    expect(withCurrentDrives(fromProjection)[1]).toBe(fromProjection[1]);
  });

  it('feeds the stats and the export the same legs: driving total, distance and the distance line', () => {
    const stops = withCurrentDrives([
      { ...A, driveLeg: null, estimatedDriveMinutes: null, plannedArrivalDate: '2024-06-01', address: null },
      { ...B, driveLeg: ab, estimatedDriveMinutes: 10, plannedArrivalDate: '2024-06-02', address: null },
      { ...C, driveLeg: bc, estimatedDriveMinutes: 380, plannedArrivalDate: null, address: null },
    ]);
    expect(itineraryStats(stops).totalDrivingMinutes).toBe(297 + 380);
    expect(totalLegDistanceKm(stops)).toBe(1115.1);
    expect(itineraryText('Route 66', stops)).toContain(
      '2. St. Louis\n   Address: N/A\n   Planned arrival: Sunday, June 2, 2024\n   Drive from previous stop: 4h 57m\n' +
        '   Distance from previous stop: 477.9 km\n   Status: Pending',
    );
    expect(itineraryText('Route 66', stops)).toContain('1. Chicago\n   Address: N/A\n   Planned arrival: Saturday, June 1, 2024\n   Drive from previous stop: N/A\n   Status');
  });
});

describe('the daily driving limit', () => {
  it("is the trip's, else 8 h, and flags only drives longer than it", () => {
    expect(dailyDriveLimit({ dailyDriveLimitMinutes: 300 })).toBe(300);
    expect(dailyDriveLimit({})).toBe(480);
    expect(dailyDriveLimit(null)).toBe(480);
    expect(overDailyLimit(481, 480)).toBe(true);
    expect(overDailyLimit(480, 480)).toBe(false);
    expect(overDailyLimit(null, 480)).toBe(false);
  });
});
