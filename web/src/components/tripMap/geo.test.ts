import { describe, expect, it } from 'vitest';
import { googleMapsUrl, inBounds, searchRadiusKm, viewportChanged, type Viewport } from './geo.ts';

const view = (latitude: number, longitude: number, radiusKm: number): Viewport => ({
  centre: { latitude, longitude },
  radiusKm,
  bounds: { north: 0, south: 0, east: 0, west: 0 },
});

describe('map geometry', () => {
  it('measures the search radius to the north-east corner, rounded, at least 1 km', () => {
    expect(searchRadiusKm({ latitude: 0, longitude: 0 }, { north: 1, south: -1, east: 1, west: -1 })).toBe(157);
    expect(searchRadiusKm({ latitude: 0, longitude: 0 }, { north: 0.001, south: 0, east: 0.001, west: 0 })).toBe(1);
  });

  it('keeps places inside bounds, also when the bounds cross the date line', () => {
    const pacific = { north: 30, south: 10, east: -170, west: 170 };
    expect(inBounds(pacific, { latitude: 20, longitude: 175 })).toBe(true);
    expect(inBounds(pacific, { latitude: 20, longitude: -175 })).toBe(true);
    expect(inBounds(pacific, { latitude: 20, longitude: 0 })).toBe(false);
    expect(inBounds({ north: 30, south: 10, east: 190, west: 170 }, { latitude: 20, longitude: -175 })).toBe(true);
    expect(inBounds({ north: 50, south: 40, east: -70, west: -80 }, { latitude: 45, longitude: -75 })).toBe(true);
    expect(inBounds({ north: 50, south: 40, east: -70, west: -80 }, { latitude: 51, longitude: -75 })).toBe(false);
  });

  it('calls the view changed past 0.002 degrees or 2 km of radius', () => {
    expect(viewportChanged(view(40, -74, 50), view(40.0019, -74.0019, 52))).toBe(false);
    expect(viewportChanged(view(40, -74, 50), view(40.0021, -74, 50))).toBe(true);
    expect(viewportChanged(view(40, -74, 50), view(40, -74, 53))).toBe(true);
  });

  it('opens Google Maps on the name and address, or on the coordinates', () => {
    expect(googleMapsUrl({ name: 'Pier 39', address: 'San Francisco, CA', latitude: 1, longitude: 2 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Pier%2039%20San%20Francisco%2C%20CA',
    );
    expect(googleMapsUrl({ name: 'Somewhere', address: null, latitude: 37.5, longitude: -122.25 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=37.5%2C-122.25',
    );
  });
});
