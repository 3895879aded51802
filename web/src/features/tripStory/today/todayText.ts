/** The Today panel's times in words: how long until the leave-by (or how long past it), and what no longer fits. */
import type { MisfitWarning } from '@caravan/shared';
import { localTime } from '../itinerary/scheduleText.ts';
import { todayMessages as text } from './messages.ts';

/** '15 min', '1h 25m', '2h': short enough to read at a glance in the car. */
export function shortDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  return whole % 60 ? `${Math.floor(whole / 60)}h ${whole % 60}m` : `${whole / 60}h`;
}

/** Within a minute either side of the leave-by is "time to go". */
export function countdownText(leaveByMs: number, nowMs: number): string {
  const minutes = Math.round((leaveByMs - nowMs) / 60_000);
  if (minutes === 0) return text.leaveNow;
  return minutes > 0 ? text.leaveIn(shortDuration(minutes)) : text.leftLate(shortDuration(-minutes));
}

export function misfitText(warning: MisfitWarning, zone: string): string {
  switch (warning.kind) {
    case 'closed':
      return text.misfitClosed(localTime(warning.at, zone));
    case 'fixedTimeMissed':
      return text.misfitFixed(warning.fixedTime, shortDuration(warning.lateMinutes));
    case 'pastWindow':
      return text.misfitWindow(warning.latestArrival);
  }
}

/**
 * The delay that makes the group arrive at `arrivalMs` instead of `plannedMs` (the schedule's arrival with the
 * delay already counted, `currentDelay`), never below none.
 */
export const delayForArrival = (arrivalMs: number, plannedMs: number, currentDelay: number) =>
  Math.max(0, currentDelay + Math.round((arrivalMs - plannedMs) / 60_000));
