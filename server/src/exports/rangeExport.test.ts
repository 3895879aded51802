/**
 * Where the trip's car runs out reaches every export as the page says it (shared walkRange and rangeRunsOutText):
 * on the stop not reached, whether the trip is timed or not, in the reader's unit; the PDF's day head words it too.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_STOP_FIELDS, type TTripStop } from '@caravan/shared';
import { exportTripOf } from './exportTrip.ts';
import { dayWarningWords } from './scheduleWords.ts';
import { stopDescription } from './stopDescription.ts';

const TRIP = { id: 'trip', title: 'Coast', description: null };
const ids = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-00000000000c'];

function stop(index: number, latitude: number, longitude: number, extra: Partial<TTripStop> = {}): TTripStop {
  return {
    id: ids[index], tripId: 'trip', name: ['Eureka', 'Crescent City', 'Cannon Beach'][index], address: null, notes: null, latitude, longitude,
    stopOrder: index, visited: false, visitedAt: null, plannedArrivalDate: null, autoScheduled: false, estimatedDriveMinutes: null,
    journalContent: null, photos: [], createdAt: '2025-01-01T00:00:00.000Z', journalEntries: [], ...EMPTY_PLAN_STOP_FIELDS, ...extra,
  };
}

const stops = [stop(0, 40.8, -124.16), stop(1, 41.76, -124.2), stop(2, 45.89, -123.96)];
const vehicle = { kind: 'fuel', rangeKm: 250, reservePercent: 20, departureFillPercent: 100 };

describe('the range in exports', () => {
  it('says on the stop not reached where the range runs out, in km or miles, on an untimed trip too', () => {
    const trip = exportTripOf(TRIP, { vehicle }, stops, 'mi');
    expect(trip.days).toEqual([]);
    const runOut = trip.stops[2].rangeRunsOut!;
    expect(runOut.afterName).toBe('Crescent City');
    expect(trip.stops[1].rangeRunsOut).toBeNull();
    // 200 km usable less Eureka → Crescent City's estimated road km.
    expect(runOut.kmAfter).toBeGreaterThan(50);
    expect(runOut.kmAfter).toBeLessThan(100);
    const miles = Math.round(runOut.kmAfter / 1.609344);
    expect(stopDescription(trip.stops[2], { distanceUnit: 'mi' })).toContain(`Warning: Range runs out ${miles} mi after Crescent City`);
    expect(stopDescription(trip.stops[2], { distanceUnit: 'km' })).toContain(`Warning: Range runs out ${Math.round(runOut.kmAfter)} km after Crescent City`);
  });

  it('says nothing when Crescent City refuels or the trip names no car, and the day head words a timed trip’s run-out', () => {
    const refuelled = [stops[0], { ...stops[1], refuels: true }, stops[2]];
    // 800 km less a 20 % reserve: 640 usable, short of Eureka → Cannon Beach (about 140 + 600 road km) without a refuel.
    const longer = { ...vehicle, rangeKm: 800 };
    expect(exportTripOf(TRIP, { vehicle: longer }, stops).stops[2].rangeRunsOut).not.toBeNull();
    expect(exportTripOf(TRIP, { vehicle: longer }, refuelled).stops.map((found) => found.rangeRunsOut)).toEqual([null, null, null]);
    expect(exportTripOf(TRIP, {}, stops).stops.map((found) => found.rangeRunsOut)).toEqual([null, null, null]);

    const timed = exportTripOf(TRIP, { vehicle, startDate: '2027-06-07' }, stops, 'km');
    const warning = timed.days.flatMap((day) => day.warnings).find((found) => found.kind === 'rangeRunsOut')!;
    const nameOf = (id: string) => stops.find((found) => found.id === id)!.name;
    expect(dayWarningWords(warning, nameOf, 'km')).toBe(`Range runs out ${Math.round(timed.stops[2].rangeRunsOut!.kmAfter)} km after Crescent City`);
  });
});
