import { describe, expect, it } from 'vitest';
import { formatDistanceIn, localeDistanceUnit } from './distanceUnits.ts';

describe('distance units', () => {
  it('defaults to miles in the United States, Liberia and Myanmar, kilometres elsewhere', () => {
    expect(['en-US', 'es-US', 'en-LR', 'my', 'my-MM'].map(localeDistanceUnit)).toEqual(['mi', 'mi', 'mi', 'mi', 'mi']);
    expect(['en-GB', 'en-CA', 'fr', 'de-DE', 'es-MX', 'not a locale'].map(localeDistanceUnit)).toEqual(['km', 'km', 'km', 'km', 'km', 'km']);
  });

  it('writes a distance in the unit chosen', () => {
    expect(formatDistanceIn(1234.5, 'km')).toBe('1,234.5 km');
    expect(formatDistanceIn(160.9344, 'mi')).toBe('100.0 mi');
    expect(formatDistanceIn(null, 'mi')).toBe('N/A');
  });
});
