/**
 * Today on a trip under way (docs/product.md#today): the itinerary's schedule of the live stops, read at the current
 * minute, so every member's panel re-times with every arrival and delay written, offline too.
 */
import { useMemo } from 'react';
import { daysAreDated, todayPlan, type Schedule, type ScheduleStopInput, type TodayPlan, type TTripStop } from '@caravan/shared';
import { useNow } from '../../../lib/useNow.ts';
import { useTripSchedule } from '../itinerary/useTripSchedule.ts';
import { useTripViewContext } from '../tripViewContext.ts';

/** The countdown's step: the leave-by shows minutes. */
const TICK_MS = 15_000;

export function useToday(stops: readonly TTripStop[]): { plan: TodayPlan | null; schedule: Schedule; nowMs: number } {
  const { roadSettings } = useTripViewContext();
  const schedule = useTripSchedule(stops as TTripStop[]);
  const nowMs = useNow(TICK_MS);
  // The day changes at most at a minute's turn: the plan follows the minute, not every tick.
  const minute = Math.floor(nowMs / 60_000);
  const plan = useMemo(
    () => todayPlan(schedule, stops as readonly ScheduleStopInput[], minute * 60_000, daysAreDated(roadSettings, stops as readonly ScheduleStopInput[])),
    [schedule, stops, minute, roadSettings],
  );
  return { plan, schedule, nowMs };
}
