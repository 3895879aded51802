import { describe, expect, it } from 'vitest';
import { hasPosition } from './position.ts';

describe('hasPosition', () => {
  it('places a stop with coordinates, also on the equator or the prime meridian', () => {
    expect(hasPosition({ latitude: 36.6, longitude: -121.89 })).toBe(true);
    expect(hasPosition({ latitude: 0, longitude: 32.58 })).toBe(true);
    expect(hasPosition({ latitude: 51.48, longitude: 0 })).toBe(true);
  });

  it('reads exactly (0, 0), the stored default of a stop added without a location, as no position', () => {
    expect(hasPosition({ latitude: 0, longitude: 0 })).toBe(false);
    expect(hasPosition({ latitude: -0, longitude: 0 })).toBe(false);
  });

  it('reads missing or unusable coordinates as no position', () => {
    expect(hasPosition({})).toBe(false);
    expect(hasPosition({ latitude: null, longitude: null })).toBe(false);
    expect(hasPosition({ latitude: 45, longitude: null })).toBe(false);
    expect(hasPosition({ latitude: Number.NaN, longitude: 4.8 })).toBe(false);
  });
});
