/**
 * The owner's visited and planned-date edits (docs/product.md#story). With the live document (the trip page) they are
 * written into it like any other stop edit — the collab server lets the owner write these keys — so they
 * show at once, work offline and are saved when the connection is back; the server records the same
 * activity as for the calls. Without one (the share page) they are REST calls.
 */
import type * as Y from 'yjs';
import { storedPlannedDate, updateStop } from '@caravan/shared';
import { transactLocal } from '../../lib/collab/localEdit.ts';
import { tripViewApi } from './tripViewApi.ts';

export interface PlannedDateEdit {
  stopId: string;
  /** 'YYYY-MM-DD'; RESET_DATE clears. */
  date: string;
  autoScheduled: boolean;
}

/** A stop the document no longer holds (deleted meanwhile): the same words as the call's failure. */
const gone = (fallback: string) => new Error(fallback);

export async function setStopVisited(tripId: string, doc: Y.Doc | null, stopId: string, visited: boolean): Promise<{ visited: boolean }> {
  if (!doc) return tripViewApi.toggleVisited(tripId, stopId);
  const visitedAt = visited ? new Date().toISOString() : null;
  if (!transactLocal(doc, () => updateStop(doc, stopId, { visited, visitedAt }))) throw gone('Failed to toggle stop visited status');
  return { visited };
}

/** Several dates (Bulk Schedule, Reset All Dates) are one change, undone together. */
export async function setPlannedDates(tripId: string, doc: Y.Doc | null, edits: readonly PlannedDateEdit[]): Promise<void> {
  if (!doc) {
    await Promise.all(edits.map((edit) => tripViewApi.updatePlannedDate(tripId, edit.stopId, edit.date, edit.autoScheduled)));
    return;
  }
  const written = transactLocal(doc, () =>
    edits
      .map((edit) => updateStop(doc, edit.stopId, { plannedArrivalDate: storedPlannedDate(edit.date), autoScheduled: edit.autoScheduled }))
      .every(Boolean),
  );
  if (!written) throw gone('Failed to update planned date');
}
