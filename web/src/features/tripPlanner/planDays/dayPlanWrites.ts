/**
 * What "Plan my days" writes into the trip document, through the shared stop writers (shared/src/tripDoc/stops.ts),
 * the only code that sets a stop's keys: the planned order, the overnight mark on each day's last stop, and a
 * suggested place to sleep added as an overnight stop.
 */
import type * as Y from 'yjs';
import { addStop, arrangeStops, findStop, orderedStops, updateStop, type TLodgingSuggestion, type TPlanDaysResponse } from '@caravan/shared';
import { sameOrder } from '../optimise/useOrderProposal.ts';

const isOvernight = (doc: Y.Doc, stopId: string) => findStop(doc, stopId)?.overnight === true;

/** Whether applying the plan would change the document: a new order, or a day end that is not an overnight yet. */
export const changesTrip = (doc: Y.Doc, plan: TPlanDaysResponse) =>
  !sameOrder(plan.order, plan.fromOrder) || plan.after.days.some((day) => day.sleepsAt !== null && !isOvernight(doc, day.sleepsAt));

/** The planned order, each day ending where the group sleeps (updateStop writes only a mark that changes). */
export function writeDayPlan(doc: Y.Doc, plan: TPlanDaysResponse): void {
  doc.transact(() => {
    arrangeStops(doc, plan.order);
    for (const day of plan.after.days) if (day.sleepsAt) updateStop(doc, day.sleepsAt, { overnight: true });
  });
}

/** Adds the place as an overnight stop right after `afterStopId`; false when that stop is gone. */
export function addLodgingStop(doc: Y.Doc, id: string, afterStopId: string, place: TLodgingSuggestion): boolean {
  const index = orderedStops(doc).findIndex((stop) => stop.id === afterStopId);
  if (index < 0) return false;
  addStop(doc, id, { name: place.name, address: place.address || null, latitude: place.latitude, longitude: place.longitude, overnight: true }, index + 1);
  return true;
}
