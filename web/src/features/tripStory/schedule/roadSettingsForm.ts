/**
 * The Road Settings form's values (docs/product.md#itinerary): the arrival time as `<input type="time">` gives
 * it and the daily driving limit in hours, checked against the call's bounds before anything is sent; and how
 * both read.
 */
import {
  isTimeOfDay,
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
}

export const roadSettingsInput = ({ arrivalTime, dailyDriveLimitMinutes }: TRoadSettings): RoadSettingsInput => ({
  arrivalTime,
  limitHours: String(Math.round((dailyDriveLimitMinutes / 60) * 100) / 100),
});

/** The settings to send, or the first problem with what was typed. */
export function parseRoadSettings(input: RoadSettingsInput): { settings: TRoadSettings } | { error: string } {
  // Some browsers give seconds when a step below a minute is set; none is set here, but read them anyway.
  const arrivalTime = input.arrivalTime.slice(0, 5);
  if (!isTimeOfDay(arrivalTime)) return { error: text.arrivalTimeRequired };
  const hours = input.limitHours.trim() === '' ? Number.NaN : Number(input.limitHours);
  const minutes = Math.round(hours * 60);
  if (!Number.isFinite(minutes) || minutes < MIN_DAILY_DRIVE_LIMIT_MINUTES || minutes > MAX_DAILY_DRIVE_LIMIT_MINUTES) {
    return { error: text.dailyDriveLimitRange(MIN_LIMIT_HOURS, MAX_LIMIT_HOURS) };
  }
  return { settings: { arrivalTime, dailyDriveLimitMinutes: minutes } };
}

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** '17:00' → '5:00 PM'. */
export const formatArrivalTime = (arrivalTime: string) =>
  isTimeOfDay(arrivalTime) ? clockFormat.format(new Date(`1970-01-01T${arrivalTime}:00Z`)) : arrivalTime;

/** 'Arrive by 5:00 PM · Drive up to 8h 0m a day'. */
export const roadSummary = ({ arrivalTime, dailyDriveLimitMinutes }: TRoadSettings) =>
  text.roadSummary(formatArrivalTime(arrivalTime), formatDuration(dailyDriveLimitMinutes));
