/**
 * A stop's progress on the road as the schedule reads it, tolerantly like its plan (./stopPlan.ts): a real arrival
 * replaces the planned one, and a delay makes the group leave the stop before it that much later, so the rest of
 * the day moves with it.
 */
import { isArrivalInstant, MAX_DELAY_MINUTES } from '../contracts/progressFields.ts';
import type { ScheduleStopInput } from './types.ts';

export interface StopProgress {
  /** The real arrival, or null. */
  arrivedMs: number | null;
  /** Minutes later than planned the group set off for it (0: on time). */
  delayMinutes: number;
}

export function readStopProgress(stop: ScheduleStopInput): StopProgress {
  const delay = stop.delayMinutes;
  return {
    arrivedMs: isArrivalInstant(stop.arrivedAt) ? Date.parse(stop.arrivedAt) : null,
    delayMinutes: typeof delay === 'number' && Number.isInteger(delay) && delay > 0 ? Math.min(delay, MAX_DELAY_MINUTES) : 0,
  };
}
