/**
 * A trip's road settings (docs/product.md#itinerary), set by its owner through /_api/trips/road-settings: the
 * time of day a planned arrival means, which is also the latest arrival of every day's window ('Leave by' is
 * counted back from it), the daily driving limit (legs over it are flagged; Bulk Schedule's "Count drive time"
 * starts a new day before passing it), and the plan settings (./planFields.ts: start date, day 1's departure,
 * every later day's earliest departure), and the car whose range is walked (./vehicle.ts). Stored on the trip's row
 * and mirrored into the trip document's meta.
 */
import { z } from 'zod';
import { isTimeOfDay } from '../domain/timeOfDay.ts';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';
import { planMessages, planTripFields } from './planFields.ts';
import { ZVehicle } from './vehicle.ts';

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

export const ROAD_SETTING_KEYS = ['arrivalTime', 'dailyDriveLimitMinutes', 'startDate', 'departureTime', 'earliestDeparture', 'warnAfterSunset', 'vehicle'] as const;

/** Any of the road and plan settings; each left out keeps its value. */
export const ZRoadSettingsRequest = requestObject({
  tripId: tripId(),
  arrivalTime: ZArrivalTime.optional(),
  dailyDriveLimitMinutes: ZDailyDriveLimitMinutes.optional(),
  startDate: planTripFields.startDate.optional(),
  departureTime: planTripFields.departureTime.optional(),
  earliestDeparture: planTripFields.earliestDeparture.optional(),
  warnAfterSunset: z.boolean({ error: m.invalidWarnAfterSunset }).optional(),
  vehicle: ZVehicle.optional(),
})
  .refine((body) => ROAD_SETTING_KEYS.some((key) => body[key] !== undefined), { message: m.roadSettingRequired, path: ['arrivalTime'] })
  // Both sent: checked here; one sent, the command checks it against the stored other.
  .refine((body) => !body.earliestDeparture || !body.arrivalTime || isWindowInOrder(body.earliestDeparture, body.arrivalTime), {
    message: planMessages.windowOrder,
    path: ['earliestDeparture'],
  });

/** Every day's window opens before it closes: 'HH:MM' texts compare as their times. */
export const isWindowInOrder = (earliestDeparture: string, arrivalTime: string) => earliestDeparture < arrivalTime;

/** All the settings as they now are. */
export const ZRoadSettings = z.object({
  arrivalTime: z.string(),
  dailyDriveLimitMinutes: z.number().int(),
  /** 'YYYY-MM-DD', or null: day 1 is the first stop's planned date, or today. */
  startDate: z.string().nullable(),
  departureTime: z.string(),
  earliestDeparture: z.string(),
  /** Warn of a drive that arrives after sunset at the stop (off by default). */
  warnAfterSunset: z.boolean(),
  vehicle: ZVehicle,
});

export type TRoadSettingsRequest = z.infer<typeof ZRoadSettingsRequest>;
export type TRoadSettings = z.infer<typeof ZRoadSettings>;
