/**
 * A stop's plan fields as the schedule reads them: tolerant, so a document from before the fields (or a value no
 * door should have let in) schedules as a stop with none set, never throws.
 */
import { DEFAULT_STAY_MINUTES, EMPTY_PLAN_STOP_FIELDS, MAX_NIGHTS, MAX_STAY_MINUTES, STOP_KINDS, type StopKind } from '../contracts/planFields.ts';
import { parseOpeningHours } from '../domain/openingHours.ts';
import { minuteOfDay } from '../domain/timeOfDay.ts';
import type { ScheduleStopInput } from './types.ts';

export interface StopPlan {
  stayMinutes: number;
  /** Minutes after local midnight, or null. */
  fixedMinute: number | null;
  fixedTime: string | null;
  openingHours: ReturnType<typeof parseOpeningHours>;
  overnight: boolean;
  lodgingName: string | null;
  /** Minutes after local midnight of the lodging's check-out, or null. */
  checkOutMinute: number | null;
  nights: number;
}

const isKind = (value: unknown): value is StopKind => typeof value === 'string' && (STOP_KINDS as readonly string[]).includes(value);
const isWholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export function readStopPlan(stop: ScheduleStopInput): StopPlan {
  const kind = isKind(stop.kind) ? stop.kind : (EMPTY_PLAN_STOP_FIELDS.kind ?? 'other');
  const fixedMinute = minuteOfDay(stop.fixedTime);
  const overnight = stop.overnight === true;
  const lodging = overnight && stop.lodging !== null && typeof stop.lodging === 'object' ? (stop.lodging as Record<string, unknown>) : null;
  return {
    stayMinutes: isWholeIn(stop.stayMinutes, 0, MAX_STAY_MINUTES) ? stop.stayMinutes : DEFAULT_STAY_MINUTES[kind],
    fixedMinute,
    fixedTime: fixedMinute === null ? null : (stop.fixedTime as string),
    openingHours: typeof stop.openingHours === 'string' && stop.openingHours.trim() !== '' ? parseOpeningHours(stop.openingHours) : null,
    overnight,
    lodgingName: typeof lodging?.name === 'string' && lodging.name.trim() !== '' ? lodging.name : null,
    checkOutMinute: minuteOfDay(lodging?.checkOut),
    nights: isWholeIn(lodging?.nights, 1, MAX_NIGHTS) ? lodging.nights : 1,
  };
}
