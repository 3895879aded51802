import { describe, expect, it } from 'vitest';
import { computeSchedule } from '../schedule/computeSchedule.ts';
import { itineraryText } from './itineraryExport.ts';

describe('itinerary export', () => {
  it('lists each planned stop with address, arrival, drive time and status', () => {
    const text = itineraryText('Route 66', [
      { name: 'Chicago', address: 'Chicago, IL, United States', plannedArrivalDate: '2024-06-01T00:00:00.000Z', visited: true },
      { name: 'Somewhere unplanned', address: 'Nowhere', plannedArrivalDate: null, estimatedDriveMinutes: 30 },
      { name: 'Cleared date', plannedArrivalDate: '1970-01-01T00:00:00.000Z' },
      { name: 'St. Louis', address: '  ', plannedArrivalDate: '2024-06-03', estimatedDriveMinutes: 297, visited: false },
    ]);
    expect(text).toBe(
      [
        'Route 66 - Itinerary',
        '',
        '1. Chicago',
        '   Address: Chicago, IL, United States',
        '   Planned arrival: Saturday, June 1, 2024',
        '   Drive from previous stop: N/A',
        '   Status: Visited',
        '',
        '2. St. Louis',
        '   Address: N/A',
        '   Planned arrival: Monday, June 3, 2024',
        '   Drive from previous stop: 4h 57m',
        '   Status: Pending',
        '',
      ].join('\n'),
    );
  });

  it("writes a leg's distance in the reader's unit", () => {
    const stops = [{ name: 'Chicago', plannedArrivalDate: '2024-06-01' }, { name: 'St. Louis', plannedArrivalDate: '2024-06-03', driveLeg: { distanceKm: 476.1 } }];
    expect(itineraryText('Route 66', stops, null, 'mi')).toContain('   Distance from previous stop: 295.8 mi\n');
    expect(itineraryText('Route 66', stops)).toContain('   Distance from previous stop: 476.1 km\n');
  });

  it('says so when no stop has a planned date', () => {
    expect(itineraryText('Weekend', [{ name: 'Home' }])).toBe('Weekend - Itinerary\n\nNo planned stops.\n');
  });

  it("with the schedule, each stop's own arrival, departure and leave-by in its zone: two stops of one day never share a time", () => {
    // Denver, then Boulder and Golden the same day, an hour's drive each, an hour's stay each.
    const stops = [
      { id: 'denver', name: 'Denver', latitude: 39.74, longitude: -104.99, plannedArrivalDate: '2026-06-01', estimatedDriveMinutes: null },
      { id: 'boulder', name: 'Boulder', latitude: 40.015, longitude: -105.27, plannedArrivalDate: '2026-06-01', estimatedDriveMinutes: 60, stayMinutes: 60 },
      { id: 'golden', name: 'Golden', latitude: 39.7555, longitude: -105.2211, plannedArrivalDate: '2026-06-01', estimatedDriveMinutes: 60, stayMinutes: 60 },
    ];
    const schedule = computeSchedule({ departureTime: '09:00', arrivalTime: '16:00' }, stops);
    const text = itineraryText('Front Range', stops, schedule);
    expect(text).toContain(['1. Denver', '   Address: N/A', '   Planned arrival: Monday, June 1, 2026', '   Departs: 09:00 MDT', '   Drive from previous stop: N/A'].join('\n'));
    expect(text).toContain(['   Arrives: 10:00 MDT', '   Departs: 11:00 MDT', '   Leave by: 09:00 MDT'].join('\n'));
    expect(text).toContain(['   Arrives: 12:00 MDT', '   Departs: 13:00 MDT', '   Leave by: 11:00 MDT'].join('\n'));
  });
});
