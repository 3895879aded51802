/** What Plan my days reads of a trip's settings: the itinerary's reading (roadSettingsOf), defaults and all. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, DEFAULT_VEHICLE, metaMap } from '@caravan/shared';
import { dayPlanTripOf } from './dayPlanTrip.ts';

function tripWithMeta(meta: Record<string, unknown>) {
  const doc = new Y.Doc();
  for (const [key, value] of Object.entries(meta)) metaMap(doc).set(key, value);
  addStop(doc, 'a', { name: 'A', latitude: 37.77, longitude: -122.42 });
  return doc;
}

describe('dayPlanTripOf', () => {
  it('reads the settings a document lacks as the defaults the itinerary uses', () => {
    expect(dayPlanTripOf(tripWithMeta({})).settings).toEqual({
      startDate: null,
      departureTime: '09:00',
      earliestDeparture: '08:00',
      latestArrival: '17:00',
      dailyDriveLimitMinutes: 480,
      warnAfterSunset: false,
      vehicle: DEFAULT_VEHICLE,
    });
  });

  it('keeps a setting the itinerary keeps, and defaults one it cannot read, by the same rule', () => {
    // The itinerary has always walked a 45-minute limit as 45 (currentDrives' dailyDriveLimit); Plan my days read it as 8 h.
    const trip = tripWithMeta({ startDate: '2031-06-01', departureTime: '06:15', earliestDeparture: 'early', arrivalTime: '19:30', dailyDriveLimitMinutes: 45, vehicle: { kind: 'electric' } });
    expect(dayPlanTripOf(trip).settings).toEqual({
      startDate: '2031-06-01',
      departureTime: '06:15',
      earliestDeparture: '08:00',
      latestArrival: '19:30',
      dailyDriveLimitMinutes: 45,
      warnAfterSunset: false,
      // A vehicle the itinerary cannot read (no range, no reserve) is none there too.
      vehicle: DEFAULT_VEHICLE,
    });
  });

  it("reads the trip's car and each stop's refuels for the range walk", () => {
    const vehicle = { kind: 'fuel', rangeKm: 600, reservePercent: 15, departureFillPercent: 70 };
    const doc = tripWithMeta({ vehicle });
    addStop(doc, 'b', { name: 'B', latitude: 38.5, longitude: -121.5, refuels: true } as never);
    const trip = dayPlanTripOf(doc);
    expect(trip.settings.vehicle).toEqual(vehicle);
    expect(trip.stops.find((stop) => stop.id === 'b')).toMatchObject({ refuels: true });
  });
});
