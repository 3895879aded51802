/**
 * The export model reads drives through currentLegs (docs/product.md#drives-and-legs): a leg computed for an
 * order or a position that has changed since is exported as no drive and drawn straight, never as a wrong drive
 * or a road to where the stop no longer is. A current leg's road line runs through the stops' exact positions.
 */
import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_STOP_FIELDS, type DriveLeg, type TTripStop } from '@caravan/shared';
import { exportTripOf } from './exportTrip.ts';

const TRIP = { id: 'trip', title: 'Coast', description: null };
const SETTINGS = { arrivalTime: '17:00' };

function stop(id: string, latitude: number, longitude: number, driveLeg: DriveLeg | null = null): TTripStop {
  return {
    id, tripId: 'trip', name: id, address: null, notes: null, latitude, longitude, stopOrder: 0, visited: false, visitedAt: null,
    plannedArrivalDate: '2025-08-02T00:00:00.000Z', autoScheduled: false, estimatedDriveMinutes: driveLeg?.minutes ?? null, driveLeg,
    journalContent: null, photos: [], createdAt: '2025-01-01T00:00:00.000Z', journalEntries: [], ...EMPTY_PLAN_STOP_FIELDS,
  };
}

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const roadLeg = (from: [number, number], to: [number, number]): DriveLeg => ({
  fromStopId: A, from, to, minutes: 150, distanceKm: 180.4, source: 'osrm',
  geometry: polyline.encode([from, [36.9, -122.0], [36.7, -121.95], to], 5),
});

describe('exportTripOf', () => {
  it('exports a current leg: its minutes, distance, scheduled times, leave-by and road line through both stops', () => {
    const trip = exportTripOf(TRIP, SETTINGS, [stop(A, 37.7749, -122.4194), stop(B, 36.6002, -121.8947, roadLeg([37.7749, -122.4194], [36.6002, -121.8947]))]);
    // Day 1 (the first stop's planned date) leaves at the default 09:00; the leg's 150 minutes later it arrives.
    expect(trip.stops[1]).toMatchObject({
      driveMinutes: 150,
      driveLeg: { distanceKm: 180.4 },
      times: { arrival: '2025-08-02T11:30:00-07:00', timeZone: 'America/Los_Angeles' },
      leaveBy: { ms: Date.parse('2025-08-02T09:00:00-07:00'), zone: 'America/Los_Angeles' },
    });
    expect(trip.route).toEqual([[37.7749, -122.4194], [36.9, -122.0], [36.7, -121.95], [36.6002, -121.8947]]);
  });

  it('exports no drive for a leg computed before the stop moved, and draws that stretch straight', () => {
    const stale = roadLeg([37.7749, -122.4194], [36.6002, -121.8947]);
    const trip = exportTripOf(TRIP, SETTINGS, [stop(A, 37.7749, -122.4194), stop(B, 36.5, -121.9, stale)]);
    expect(trip.stops[1]).toMatchObject({ driveMinutes: null, driveLeg: null });
    // The schedule estimates that drive from the positions, as the app does, never the stale leg's 150 minutes.
    expect(trip.stops[1].times?.driveMinutes).not.toBe(150);
    expect(trip.route).toEqual([[37.7749, -122.4194], [36.5, -121.9]]);
  });

  it('leaves a stop without a position off the route, and does not count it between its neighbours', () => {
    const trip = exportTripOf(TRIP, SETTINGS, [stop(A, 37.7749, -122.4194), stop('nowhere', 0, 0), stop(B, 36.6002, -121.8947, roadLeg([37.7749, -122.4194], [36.6002, -121.8947]))]);
    expect(trip.stops.map((s) => [s.number, s.position !== null])).toEqual([[1, true], [2, false], [3, true]]);
    expect(trip.route).toHaveLength(4);
    expect(trip.stops[2].driveMinutes).toBe(150);
  });
});
