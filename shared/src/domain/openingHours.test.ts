import { describe, expect, it } from 'vitest';
import { isOpeningHours, OPENING_HOURS_MAX_LENGTH, parseOpeningHours } from './openingHours.ts';

describe('opening hours text', () => {
  it('reads OpenStreetMap syntax and refuses what is not', () => {
    expect(isOpeningHours('Tu-Su 10:00-17:00')).toBe(true);
    expect(isOpeningHours('Mo-Fx')).toBe(false);
    expect(isOpeningHours('  ')).toBe(false);
  });

  it('refuses a text past the limit without reading it: the parser slows with the square of its length', () => {
    // 100,000 combining marks kept the parser busy for minutes; the fuzz of the trip calls found it.
    expect(parseOpeningHours('\u0336'.repeat(100_000))).toBeNull();
    const atTheLimit = `Mo-Fr 09:00-17:00${' '.repeat(OPENING_HOURS_MAX_LENGTH - 17)}`;
    expect(atTheLimit).toHaveLength(OPENING_HOURS_MAX_LENGTH);
    expect(parseOpeningHours(`${atTheLimit} `)).toBeNull();
    expect(isOpeningHours('Mo-Fr 09:00-17:00')).toBe(true);
  });
});
