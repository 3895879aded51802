import { describe, expect, it } from 'vitest';
import { formatShortDistance } from './distance.ts';

describe('formatShortDistance', () => {
  it('says how far a stop moved as people say it', () => {
    expect([0.35, 4.24, 61.4, 1234.5].map((km) => formatShortDistance(km, 'km'))).toEqual(['350 m', '4.2 km', '61 km', '1,235 km']);
    expect([0.05, 6.1, 98.8].map((km) => formatShortDistance(km, 'mi'))).toEqual(['160 ft', '3.8 mi', '61 mi']);
  });
});
