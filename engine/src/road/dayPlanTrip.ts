/**
 * What "Plan my days" reads of a trip's document: every stop with the plan fields it holds (only the keys the planner
 * needs), and the trip's daily window. A setting the document lacks or holds unreadable reads as its default, as the
 * itinerary reads it (roadSettingsOf).
 */
import type * as Y from 'yjs';
import { orderedStops, PLAN_STOP_FIELD_KEYS, readMeta, roadSettingsOf } from '@caravan/shared';
import type { DayPlanSettings, DayPlanStop } from './dayPlanner.ts';

export interface DayPlanTrip {
  stops: DayPlanStop[];
  settings: DayPlanSettings;
}

export function dayPlanTripOf(doc: Y.Doc): DayPlanTrip {
  const { arrivalTime, ...settings } = roadSettingsOf(readMeta(doc));
  const stops = orderedStops(doc).map((stop) => {
    const held = stop as unknown as Record<string, unknown>;
    const plan = Object.fromEntries(PLAN_STOP_FIELD_KEYS.filter((key) => key in held).map((key) => [key, held[key]]));
    const { id, name, latitude, longitude, visited, plannedArrivalDate } = stop;
    return { id, name, latitude, longitude, visited, plannedArrivalDate, ...plan } as DayPlanStop;
  });
  return {
    stops,
    settings: { ...settings, latestArrival: arrivalTime },
  };
}
