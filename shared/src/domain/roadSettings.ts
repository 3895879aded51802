/**
 * The trip's road and plan settings as every reader takes them (the itinerary, the exports and the map, Plan my
 * days, the trip view, the document seeded from the trip's row): each one absent or unreadable reads as its
 * default. The one place those defaults apply, so no two readers disagree on a trip that lacks a setting.
 */
import { DEFAULT_DEPARTURE_TIME, DEFAULT_EARLIEST_DEPARTURE } from '../contracts/planFields.ts';
import type { TRoadSettings } from '../contracts/roadSettings.ts';
import { DEFAULT_ARRIVAL_TIME } from '../constants.ts';
import { vehicleOf } from '../range/vehicleOf.ts';
import { dailyDriveLimit } from '../road/currentDrives.ts';
import { plannedCalendarDate } from './schedule.ts';
import { isTimeOfDay } from './timeOfDay.ts';

/** The settings as something holds them (the document's meta, a trip's answer): any may be missing or unreadable. */
export type HeldRoadSettings = { [Key in keyof TRoadSettings]?: unknown };

const timeOr = (value: unknown, fallback: string) => (isTimeOfDay(value) ? value : fallback);

export function roadSettingsOf(held: HeldRoadSettings | null | undefined): TRoadSettings {
  const limit = held?.dailyDriveLimitMinutes;
  return {
    arrivalTime: timeOr(held?.arrivalTime, DEFAULT_ARRIVAL_TIME),
    dailyDriveLimitMinutes: dailyDriveLimit({ dailyDriveLimitMinutes: typeof limit === 'number' ? limit : null }),
    startDate: typeof held?.startDate === 'string' ? plannedCalendarDate(held.startDate) : null,
    departureTime: timeOr(held?.departureTime, DEFAULT_DEPARTURE_TIME),
    earliestDeparture: timeOr(held?.earliestDeparture, DEFAULT_EARLIEST_DEPARTURE),
    warnAfterSunset: held?.warnAfterSunset === true,
    vehicle: vehicleOf(held?.vehicle),
  };
}
