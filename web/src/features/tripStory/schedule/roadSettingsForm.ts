/**
 * The Road Settings form's values (docs/product.md#itinerary): the times as `<input type="time">` gives them
 * (latest arrival, day 1's departure, later days' earliest departure), the start date as `<input type="date">`
 * gives it (empty: none) and the daily driving limit in hours, checked against the call's rules before anything
 * is sent; and how they read.
 */
import {
  isTimeOfDay,
  isWindowInOrder,
  planMessages,
  MAX_DAILY_DRIVE_LIMIT_MINUTES,
  MIN_DAILY_DRIVE_LIMIT_MINUTES,
  formatDuration,
  type TRoadSettings,
} from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';

const text = tripViewMessages;

export const MIN_LIMIT_HOURS = MIN_DAILY_DRIVE_LIMIT_MINUTES / 60;
export const MAX_LIMIT_HOURS = MAX_DAILY_DRIVE_LIMIT_MINUTES / 60;
export const LIMIT_STEP_HOURS = 0.25;

export interface RoadSettingsInput {
  arrivalTime: string;
  /** As typed. */
  limitHours: string;
  /** '' for none. */
  startDate: string;
  departureTime: string;
  earliestDeparture: string;
  warnAfterSunset: boolean;
}

/** The settings this form edits; the car has its own fields (./vehicleForm.ts). */
type TimeSettings = Omit<TRoadSettings, 'vehicle'>;

export const roadSettingsInput = ({ arrivalTime, dailyDriveLimitMinutes, startDate, departureTime, earliestDeparture, warnAfterSunset }: TimeSettings): RoadSettingsInput => ({
  arrivalTime,
  limitHours: String(Math.round((dailyDriveLimitMinutes / 60) * 100) / 100),
  startDate: startDate ?? '',
  departureTime,
  earliestDeparture,
  warnAfterSunset,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The settings to send, or the first problem with what was typed. */
export function parseRoadSettings(input: RoadSettingsInput): { settings: TimeSettings } | { error: string } {
  // Some browsers give seconds when a step below a minute is set; none is set here, but read them anyway.
  const [arrivalTime, departureTime, earliestDeparture] = [input.arrivalTime, input.departureTime, input.earliestDeparture].map((time) => time.slice(0, 5));
  if (!isTimeOfDay(arrivalTime)) return { error: text.arrivalTimeRequired };
  if (!isTimeOfDay(departureTime)) return { error: planMessages.invalidDepartureTime };
  if (!isTimeOfDay(earliestDeparture)) return { error: planMessages.invalidEarliestDeparture };
  if (!isWindowInOrder(earliestDeparture, arrivalTime)) return { error: planMessages.windowOrder };
  const startDate = input.startDate.trim() || null;
  if (startDate !== null && !ISO_DATE.test(startDate)) return { error: planMessages.invalidStartDate };
  const hours = input.limitHours.trim() === '' ? Number.NaN : Number(input.limitHours);
  const minutes = Math.round(hours * 60);
  if (!Number.isFinite(minutes) || minutes < MIN_DAILY_DRIVE_LIMIT_MINUTES || minutes > MAX_DAILY_DRIVE_LIMIT_MINUTES) {
    return { error: text.dailyDriveLimitRange(MIN_LIMIT_HOURS, MAX_LIMIT_HOURS) };
  }
  return { settings: { arrivalTime, dailyDriveLimitMinutes: minutes, startDate, departureTime, earliestDeparture, warnAfterSunset: input.warnAfterSunset } };
}

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** '17:00' → '5:00 PM'. */
export const formatArrivalTime = (arrivalTime: string) =>
  isTimeOfDay(arrivalTime) ? clockFormat.format(new Date(`1970-01-01T${arrivalTime}:00Z`)) : arrivalTime;

/** 'Arrive by 5:00 PM · Drive up to 8h 0m a day'. */
export const roadSummary = ({ arrivalTime, dailyDriveLimitMinutes }: TimeSettings) =>
  text.roadSummary(formatArrivalTime(arrivalTime), formatDuration(dailyDriveLimitMinutes));
