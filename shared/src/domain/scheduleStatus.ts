/**
 * A stop's schedule badge (docs/product.md#itinerary): unplanned, on-time (shown
 * Completed), overdue or planned (shown Scheduled). Dates compare as calendar dates only, so a stop
 * planned for today is not overdue at any hour of the day.
 */
import { messages } from '../messages.ts';
import { plannedCalendarDate, toCalendarDate } from './schedule.ts';

export type ScheduleStatus = 'unplanned' | 'on-time' | 'overdue' | 'planned';

export interface ScheduleStatusStop {
  plannedArrivalDate?: string | Date | null;
  visited?: boolean | null;
}

/** `today` is the viewer's calendar date ('YYYY-MM-DD'); see localCalendarDate. */
export function scheduleStatus(stop: ScheduleStatusStop, today: string): ScheduleStatus {
  const todayDate = toCalendarDate(today);
  if (!todayDate) throw new RangeError(`Not a calendar date: ${today}`);
  const planned = plannedCalendarDate(stop.plannedArrivalDate);
  if (!planned) return 'unplanned';
  if (stop.visited) return 'on-time';
  // 'YYYY-MM-DD' strings sort in date order.
  return planned < todayDate ? 'overdue' : 'planned';
}

/** The badge text, or null for an unplanned stop, which shows no badge. */
export function scheduleStatusLabel(status: ScheduleStatus): string | null {
  return status === 'unplanned' ? null : messages.itinerary.scheduleStatus[status];
}

/** The calendar date of a moment in the local time zone: what "today" means to the person looking. */
export function localCalendarDate(moment: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}
