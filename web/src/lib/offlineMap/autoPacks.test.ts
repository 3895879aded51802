import { describe, expect, it } from 'vitest';
import { startsWithinWeek } from './autoPacks.ts';

describe('a trip due for an automatic offline map', () => {
  it('is one starting within seven days, or under way, not one ended or further off or without dates', () => {
    expect(startsWithinWeek('2026-12-10', '2026-12-14', '2026-12-03')).toBe(true);
    expect(startsWithinWeek('2026-12-11', '2026-12-14', '2026-12-03')).toBe(false);
    expect(startsWithinWeek('2026-12-01', '2026-12-05', '2026-12-03')).toBe(true);
    expect(startsWithinWeek('2026-11-25', '2026-12-02', '2026-12-03')).toBe(false);
    expect(startsWithinWeek('2026-12-03', null, '2026-12-03')).toBe(true);
    expect(startsWithinWeek(null, null, '2026-12-03')).toBe(false);
  });
});
