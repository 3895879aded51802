import { describe, expect, it } from 'vitest';
import { countdownText, delayForArrival, misfitText, shortDuration } from './todayText.ts';

const at = Date.parse('2026-06-01T16:00:00Z');

describe('the Today panel in words', () => {
  it('counts down to the leave-by, says when it is time, and how long ago it passed', () => {
    expect(countdownText(at + 85 * 60_000, at)).toBe('in 1h 25m');
    expect(countdownText(at + 20_000, at)).toBe('time to go');
    expect(countdownText(at - 15 * 60_000, at)).toBe('15 min ago');
  });

  it('writes durations short', () => {
    expect([shortDuration(15), shortDuration(60), shortDuration(125)]).toEqual(['15 min', '1h', '2h 5m']);
  });

  it("says why a stop no longer fits, in the stop's local time", () => {
    expect(misfitText({ kind: 'closed', at: '2026-06-01T15:00:00-06:00' }, 'America/Denver')).toBe('closed when you get there (3:00 PM)');
    expect(misfitText({ kind: 'fixedTimeMissed', fixedTime: '14:00', lateMinutes: 30 }, 'America/Denver')).toBe('misses its 14:00 start by 30 min');
    expect(misfitText({ kind: 'pastWindow', latestArrival: '17:00' }, 'America/Denver')).toBe("arrives after the day's latest arrival (17:00)");
  });

  it('turns a new arrival time into the delay that gives it, counting the delay already set, never below none', () => {
    expect(delayForArrival(at + 45 * 60_000, at, 0)).toBe(45);
    expect(delayForArrival(at + 15 * 60_000, at, 30)).toBe(45);
    expect(delayForArrival(at - 60 * 60_000, at, 30)).toBe(0);
  });
});
