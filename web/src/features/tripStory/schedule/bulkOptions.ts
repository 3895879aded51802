/** The Bulk Schedule form's options, their checks (docs/product.md#itinerary) and the preview they give (shared bulkSchedule). */
import {
  bulkSchedule,
  localCalendarDate,
  toCalendarDate,
  type DatableStop,
  type ScheduledStop,
  type ScheduleOverride,
  type ScheduleTrip,
} from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';

const text = tripViewMessages;

export const DEFAULT_STAY_DAYS = 1;
export const MIN_STAY_DAYS = 0.5;
export const STAY_STEP_DAYS = 0.5;

export interface StopOverride {
  skip: boolean;
  /** As typed; blank means the default duration. */
  customDuration: string;
}

export interface BulkOptions {
  startDate: string;
  defaultDuration: number;
  avoidWeekends: boolean;
  /** "Count drive time": the dates of the itinerary's day walk, each day's driving under the trip's daily limit. Off by default. */
  countDriveTime?: boolean;
  overrides: Record<string, StopOverride | undefined>;
}

export const defaultBulkOptions = (): BulkOptions => ({
  startDate: localCalendarDate(),
  defaultDuration: DEFAULT_STAY_DAYS,
  avoidWeekends: false,
  countDriveTime: false,
  overrides: {},
});

export type BulkPreview = { error: string | null; schedule: ScheduledStop[] };

/** `trip`: the trip's plan settings, which the day walk reads while "Count drive time" is on. */
export function bulkPreview(stops: readonly DatableStop[], options: BulkOptions, trip: ScheduleTrip = {}): BulkPreview {
  if (!toCalendarDate(options.startDate)) return { error: text.startDateRequired, schedule: [] };
  if (!(options.defaultDuration >= MIN_STAY_DAYS)) return { error: text.durationTooShort, schedule: [] };
  const overrides: Record<string, ScheduleOverride> = {};
  for (const [stopId, override] of Object.entries(options.overrides)) {
    if (!override) continue;
    const typed = override.customDuration.trim();
    const customDuration = typed === '' ? null : Number(typed);
    if (customDuration !== null && !(customDuration >= MIN_STAY_DAYS)) return { error: text.durationTooShort, schedule: [] };
    overrides[stopId] = { skip: override.skip, customDuration };
  }
  return {
    error: null,
    schedule: bulkSchedule(stops, {
      startDate: options.startDate,
      defaultDurationDays: options.defaultDuration,
      avoidWeekends: options.avoidWeekends,
      countDriveTime: options.countDriveTime ? { trip, today: localCalendarDate() } : null,
      overrides,
    }),
  };
}
