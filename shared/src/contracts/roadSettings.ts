/**
 * A trip's road settings (docs/product.md#itinerary), set by its owner through /_api/trips/road-settings: the
 * time of day a planned arrival means ('Leave by' is counted back from it) and the daily driving limit (legs
 * over it are flagged; Bulk Schedule's "Count drive time" starts a new day before passing it). Stored on the
 * trip's row and mirrored into the trip document's meta.
 */
import { z } from 'zod';
import { isTimeOfDay } from '../domain/timeOfDay.ts';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';

const m = messages.tripSettings;

/** An hour of driving is the least limit that still lets a day hold a drive; a whole day is the most. */
export const MIN_DAILY_DRIVE_LIMIT_MINUTES = 60;
export const MAX_DAILY_DRIVE_LIMIT_MINUTES = 1440;

/** 'HH:MM' on a 24-hour clock, as `<input type="time">` gives it. */
export const ZArrivalTime = z.string({ error: m.invalidArrivalTime }).refine(isTimeOfDay, m.invalidArrivalTime);

const limitMessage = m.invalidDailyDriveLimit(MIN_DAILY_DRIVE_LIMIT_MINUTES, MAX_DAILY_DRIVE_LIMIT_MINUTES);
export const ZDailyDriveLimitMinutes = z
  .number({ error: limitMessage })
  .int(limitMessage)
  .min(MIN_DAILY_DRIVE_LIMIT_MINUTES, limitMessage)
  .max(MAX_DAILY_DRIVE_LIMIT_MINUTES, limitMessage);

/** Either setting or both; the one left out keeps its value. */
export const ZRoadSettingsRequest = requestObject({
  tripId: tripId(),
  arrivalTime: ZArrivalTime.optional(),
  dailyDriveLimitMinutes: ZDailyDriveLimitMinutes.optional(),
}).refine((body) => body.arrivalTime !== undefined || body.dailyDriveLimitMinutes !== undefined, {
  message: m.roadSettingRequired,
  path: ['arrivalTime'],
});

/** Both settings as they now are. */
export const ZRoadSettings = z.object({ arrivalTime: z.string(), dailyDriveLimitMinutes: z.number().int() });

export type TRoadSettingsRequest = z.infer<typeof ZRoadSettingsRequest>;
export type TRoadSettings = z.infer<typeof ZRoadSettings>;
