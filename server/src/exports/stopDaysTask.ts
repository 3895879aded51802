/**
 * A trip's stop-days (shared/src/weather/stopDays.ts) from its stored document, in the worker pool like an export:
 * the schedule of every stop is the same walk. None for a trip whose days are not dated (no day has a date to ask
 * the weather of) or whose stops have no position.
 */
import { computeSchedule, daysAreDated, hasPosition, stopDaysOf, type StopDay } from '@caravan/shared';
import { tripDocOf } from '@caravan/engine/tasks';
import { exportSourceOf } from './exportTrip.ts';

export function stopDaysTask({ updates }: { updates: Uint8Array[] }): StopDay[] {
  const { settings, stops } = exportSourceOf(tripDocOf(updates));
  if (!daysAreDated(settings, stops) || !stops.some(hasPosition)) return [];
  return stopDaysOf(computeSchedule(settings, stops), stops);
}
