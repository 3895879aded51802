import { describe, expect, it } from 'vitest';
import { formatTripDates } from './tripDates.ts';

describe('formatTripDates', () => {
  it('says a range as briefly as it can, and one day as that day', () => {
    // Intl puts thin spaces around the dash.
    expect(formatTripDates({ first: '2031-06-12', last: '2031-06-18' })).toBe('Jun 12\u2009–\u200918, 2031');
    expect(formatTripDates({ first: '2031-06-28', last: '2031-07-03' })).toBe('Jun 28\u2009–\u2009Jul 3, 2031');
    expect(formatTripDates({ first: '2031-12-30', last: '2032-01-02' })).toBe('Dec 30, 2031\u2009–\u2009Jan 2, 2032');
    expect(formatTripDates({ first: '2031-06-12', last: '2031-06-12' })).toBe('Jun 12, 2031');
  });
});
