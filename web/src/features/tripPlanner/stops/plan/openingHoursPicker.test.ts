import { describe, expect, it } from 'vitest';
import { isOpeningHours } from '@caravan/shared';
import { EMPTY_PICK, openingHoursToPick, pickToOpeningHours } from './openingHoursPicker.ts';

const week = (open: string) => [...'MTWTFSS'].map((_, day) => open.includes(String(day)));

describe('opening hours picker', () => {
  it('writes the common cases as OpenStreetMap text the parser accepts, and reads them back', () => {
    const cases: Array<[boolean[], string]> = [
      [week('0123456'), 'Mo-Su 09:00-17:00'],
      [week('123456'), 'Tu-Su 09:00-17:00'],
      [week('01234'), 'Mo-Fr 09:00-17:00'],
      [week('0124'), 'Mo-We,Fr 09:00-17:00'],
      [week('56'), 'Sa,Su 09:00-17:00'],
      [week('3'), 'Th 09:00-17:00'],
    ];
    for (const [days, text] of cases) {
      expect(pickToOpeningHours({ ...EMPTY_PICK, days })).toBe(text);
      expect(isOpeningHours(text)).toBe(true);
      expect(openingHoursToPick(text)).toEqual({ ...EMPTY_PICK, days });
    }
    expect(pickToOpeningHours({ ...EMPTY_PICK, always: true })).toBe('24/7');
    expect(openingHoursToPick('24/7')).toMatchObject({ always: true });
    expect(pickToOpeningHours({ ...EMPTY_PICK, from: '18:00', to: '02:00:00' })).toBe('Mo-Su 18:00-02:00');
  });

  it('names no hours without a day or a time, and leaves other texts to the text field', () => {
    expect(pickToOpeningHours({ ...EMPTY_PICK, days: week('') })).toBeNull();
    expect(pickToOpeningHours({ ...EMPTY_PICK, from: '' })).toBeNull();
    expect(pickToOpeningHours({ ...EMPTY_PICK, to: '09:00' })).toBeNull();
    for (const text of ['Mo-Fr 09:00-12:00,13:00-17:00', 'Mo-Su 10:00-18:00; Tu off', 'Fr-Mo 10:00-12:00', 'sunrise-sunset']) {
      expect(openingHoursToPick(text)).toBeNull();
    }
  });
});
