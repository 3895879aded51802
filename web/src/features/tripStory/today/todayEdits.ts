/**
 * The Today panel's writes. With the live document (the trip page) they are edits of it like any stop edit, so they
 * show for every member at once and wait on this device while offline; without one, the same fields by call
 * (/trips/stops/update-progress). An owner's arrival marks the stop visited as well, by either path.
 */
import * as Y from 'yjs';
import { calls, deleteStop, findStop, moveStop, plannedCalendarDate, storedPlannedDate, stopsMap, TOAST_DURATION_MS, updateStop, writeStopProgress, type ProgressStopFields } from '@caravan/shared';
import { call } from '../../../lib/api.ts';
import { LOCAL_ORIGIN, transactLocal } from '../../../lib/collab/localEdit.ts';
import { todayMessages as text } from './messages.ts';

export async function recordProgress(
  tripId: string,
  doc: Y.Doc | null,
  stopId: string,
  fields: Partial<ProgressStopFields>,
  marksVisited: boolean,
): Promise<void> {
  if (!doc) {
    await call(calls.stops.updateProgress, { tripId, stopId, ...fields }, { fallback: text.failed });
    return;
  }
  if (!transactLocal(doc, () => writeStopProgress(doc, stopId, { ...fields, marksVisited }))) throw new Error(text.failed);
}

/** How long a drop's Undo is offered: its toast's life (a toast with an action stays twice as long). */
const UNDO_WINDOW_MS = TOAST_DURATION_MS * 2;

/**
 * Drops a stop from the trip; the answer undoes exactly that drop (the page's own Undo covers it too). A manager of
 * its own records the one transaction and then nothing more, so a later edit is never undone with it; it lets go of
 * the document once the Undo is used or its toast is gone.
 */
export function dropStop(doc: Y.Doc, stopId: string): () => void {
  const manager = new Y.UndoManager(stopsMap(doc), { trackedOrigins: new Set([LOCAL_ORIGIN]), captureTimeout: 0 });
  transactLocal(doc, () => deleteStop(doc, stopId));
  manager.trackedOrigins.clear();
  const release = setTimeout(() => manager.destroy(), UNDO_WINDOW_MS);
  return () => {
    clearTimeout(release);
    manager.undo();
    manager.destroy();
  };
}

/**
 * Puts a stop right after `afterStopId` (the overnight the day ends at): the first stop of tomorrow. A stop planned
 * for a date takes tomorrow's (`tomorrow`, 'YYYY-MM-DD') in the same change, or it would be late for its old one; the
 * date is the owner's to set, so the panel offers an editor the move only for a stop planned for no date.
 */
export function moveToTomorrow(doc: Y.Doc, stopId: string, afterStopId: string, order: readonly string[], tomorrow: string): boolean {
  const target = order.indexOf(afterStopId);
  if (target < 0 || !order.includes(stopId)) return false;
  // Among the others the stop after target sits at target when the moved stop came before it.
  const newOrder = order.indexOf(stopId) < target ? target : target + 1;
  return transactLocal(doc, () => {
    const moved = moveStop(doc, stopId, newOrder);
    if (moved && plannedCalendarDate(findStop(doc, stopId)?.plannedArrivalDate)) updateStop(doc, stopId, { plannedArrivalDate: storedPlannedDate(tomorrow), autoScheduled: false });
    return moved;
  });
}
