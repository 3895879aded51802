import { describe, expect, it } from 'vitest';
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

  it('says so when no stop has a planned date', () => {
    expect(itineraryText('Weekend', [{ name: 'Home' }])).toBe('Weekend - Itinerary\n\nNo planned stops.\n');
  });
});
