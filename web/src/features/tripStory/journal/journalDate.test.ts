import { describe, expect, it } from 'vitest';
import { journalDate } from './journalDate.ts';

describe('journalDate', () => {
  it('is relative within 7 days and a long date beyond, Timeless without a date', () => {
    expect(journalDate('2026-03-10T00:00:00.000Z', '2026-03-10')).toBe('today');
    expect(journalDate('2026-03-09', '2026-03-10')).toBe('yesterday');
    expect(journalDate('2026-03-04', '2026-03-10')).toBe('6 days ago');
    expect(journalDate('2026-03-03', '2026-03-10')).toBe('March 3, 2026');
    expect(journalDate(null, '2026-03-10')).toBe('Timeless');
  });
});
