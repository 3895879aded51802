/**
 * How the day goes on the road, field by field: when the group really got to a stop (`arrivedAt`) and how much later
 * than planned they set off for it (`delayMinutes`). Owners and editors write them, through the live document or
 * /trips/stops/update-progress; both doors are built from this table, and the schedule re-times the rest of the day
 * from them (shared/src/schedule/computeSchedule.ts).
 */
import { z } from 'zod';

/** A day: a group later than this has a different day, not a delay. */
export const MAX_DELAY_MINUTES = 24 * 60;

export const progressMessages = {
  invalidArrivedAt: 'arrivedAt must be a date and time with its offset, such as 2026-06-01T14:20:00Z, or null',
  invalidDelay: (max: number) => `delayMinutes must be a whole number of minutes from 0 to ${max}, or null`,
  progressFieldRequired: 'Send arrivedAt or delayMinutes',
} as const;

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Days in a month of a year (month 1–12): day 0 of the next month is its last. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * An instant the schedule can place: ISO 8601 with seconds optional and an explicit offset, on a real calendar day
 * and clock (read by hand: the pages that ask who may write it load no date library).
 */
export function isArrivalInstant(value: unknown): value is string {
  const parts = typeof value === 'string' && value.length <= 40 ? ISO_INSTANT.exec(value) : null;
  if (!parts) return false;
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = parts.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour < 24 && minute < 60 && second < 60 && offsetHours <= 14 && offsetMinutes < 60
  );
}

export const progressStopFields = {
  arrivedAt: z.string({ error: progressMessages.invalidArrivedAt }).refine(isArrivalInstant, progressMessages.invalidArrivedAt).nullable(),
  delayMinutes: z
    .number({ error: progressMessages.invalidDelay(MAX_DELAY_MINUTES) })
    .int(progressMessages.invalidDelay(MAX_DELAY_MINUTES))
    .min(0, progressMessages.invalidDelay(MAX_DELAY_MINUTES))
    .max(MAX_DELAY_MINUTES, progressMessages.invalidDelay(MAX_DELAY_MINUTES))
    .nullable(),
};
export type ProgressStopFieldKey = keyof typeof progressStopFields;
export const PROGRESS_STOP_FIELD_KEYS = Object.keys(progressStopFields) as ProgressStopFieldKey[];
export type ProgressStopFields = { [K in ProgressStopFieldKey]: z.infer<(typeof progressStopFields)[K]> };
export const EMPTY_PROGRESS_STOP_FIELDS: ProgressStopFields = { arrivedAt: null, delayMinutes: null };
