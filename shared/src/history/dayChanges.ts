/**
 * The days of "what changed": each day of the itinerary whose stops or date differ between two trip documents, by
 * the one day model the trip page shows (../schedule: computeSchedule over the meta's settings and the stops in
 * order), so a move that pushes a stop to the next day, or a new start date, shows as the days it changed.
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import type { ZDayChange } from '../contracts/history.ts';
import { computeSchedule } from '../schedule/computeSchedule.ts';
import type { ScheduleDay } from '../schedule/types.ts';
import { readMeta } from '../tripDoc/access.ts';
import { orderedStops } from '../tripDoc/stops.ts';

type DayChange = z.infer<typeof ZDayChange>;

/** What the days are computed from: the trip's settings and its stops in order. */
const scheduleInput = (doc: Y.Doc) => ({ meta: readMeta(doc), stops: orderedStops(doc) });

/** The days of `input`, day 1 on `today` when neither the trip nor its first stop names a date. */
function daysOf({ meta, stops }: ReturnType<typeof scheduleInput>, today: string): Map<number, ScheduleDay> {
  const { days } = computeSchedule(meta, stops, { today });
  return new Map(days.map((day) => [day.day, day]));
}

const sameStops = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** `today` ('YYYY-MM-DD'; default today in UTC) dates both documents alike, so only what the documents hold differs. */
export function dayChanges(before: Y.Doc, after: Y.Doc, today: string = new Date().toISOString().slice(0, 10)): DayChange[] {
  const inputs = [scheduleInput(before), scheduleInput(after)];
  // Nothing the days are made of changed (only the parts' entries did): no day did, and no schedule is walked.
  if (JSON.stringify(inputs[0]) === JSON.stringify(inputs[1])) return [];
  const [was, is] = inputs.map((input) => daysOf(input, today));
  const numbers = [...new Set([...was.keys(), ...is.keys()])].sort((a, b) => a - b);
  return numbers.flatMap((day) => {
    const [old, now] = [was.get(day), is.get(day)];
    const [beforeStopIds, afterStopIds] = [old?.stopIds ?? [], now?.stopIds ?? []];
    if (old && now && old.date === now.date && sameStops(beforeStopIds, afterStopIds)) return [];
    return [{ day, date: now?.date ?? old?.date ?? null, beforeStopIds, afterStopIds }];
  });
}
