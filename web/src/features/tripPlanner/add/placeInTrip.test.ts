import { describe, expect, it } from 'vitest';
import { isPlaceInTrip } from './placeInTrip.ts';

const stops = [
  { name: 'Bixby Creek Bridge', latitude: 36.3715, longitude: -121.9017 },
  { name: 'Somewhere', latitude: null, longitude: null },
];

describe('isPlaceInTrip', () => {
  it('knows a place the trip already has, by name and position', () => {
    expect(isPlaceInTrip({ name: 'Bixby Creek Bridge', latitude: 36.3715, longitude: -121.9017 }, stops)).toBe(true);
    expect(isPlaceInTrip({ name: ' bixby creek bridge ', latitude: 36.3718, longitude: -121.902 }, stops)).toBe(true);
  });

  it('tells apart another place at the spot, the same name elsewhere and stops without a position', () => {
    expect(isPlaceInTrip({ name: 'Bixby Café', latitude: 36.3715, longitude: -121.9017 }, stops)).toBe(false);
    expect(isPlaceInTrip({ name: 'Bixby Creek Bridge', latitude: 36.4, longitude: -121.9017 }, stops)).toBe(false);
    expect(isPlaceInTrip({ name: 'Somewhere', latitude: 0, longitude: 0 }, stops)).toBe(false);
  });
});
