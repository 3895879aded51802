import { describe, expect, it } from 'vitest';
import { isOpeningHours, OPENING_HOURS_MAX_LENGTH, openingHoursReader, parseOpeningHours } from './openingHours.ts';

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

describe('the parsed opening hours kept', () => {
  it('parses each text once: every use of it gets the same parsed hours', () => {
    const text = 'Mo-Sa 08:00-12:00,13:00-19:00; PH off';
    const first = parseOpeningHours(text);
    expect(first).not.toBeNull();
    expect(parseOpeningHours(text)).toBe(first);
    expect(isOpeningHours(text)).toBe(true);
    expect(parseOpeningHours(text)).toBe(first);
  });

  it('keeps the texts in use when it is full, dropping the least recently used', () => {
    const parse = openingHoursReader(20);
    const inUse = 'We,Fr 10:00-11:00';
    const hours = parse(inUse);
    const old = 'Tu 09:00-10:00';
    const oldHours = parse(old);
    // More other texts than it keeps (invalid ones are kept too), the text in use read between.
    for (let k = 0; k < 40; k++) {
      parse(`Mo 09:00-17:${String(k).padStart(2, '0')}`);
      expect(parse(inUse)).toBe(hours);
    }
    // A text no one asked for since was dropped: parsed again, to equal hours.
    const again = parse(old);
    expect(again).not.toBe(oldHours);
    expect(again?.getState(new Date(2026, 5, 2, 9, 30))).toBe(true);
  });
});
