/**
 * Stop edits of owners and editors, made directly in the live document
 * (docs/architecture.md#a-trip-changes-through-two-doors, door 1) as this tab's own transaction, so they show
 * at once, work offline and can be undone. The callbacks change only with the connection, so memoized rows do
 * not re-render with the page.
 */
import { useCallback, useMemo } from 'react';
import { addStop, deleteStop, moveStop, updateStop, type DocStop, type NewStop, type PlanStopFieldKey, type TLocationResult } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToastStore } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';

const text = tripPageMessages;

export interface StopEditing {
  move: (stopId: string, newOrder: number) => void;
  remove: (stop: DocStop) => void;
  /** Adds a stop at `index` (the end when omitted); throws when there is no live document to add it to. */
  add: (fields: NewStop, index?: number) => DocStop;
  setDragging: (stopId: string | null) => void;
  /** Gives a stop the position of a picked location, and its address when the stop has none. */
  locate: (stop: DocStop, location: Pick<TLocationResult, 'address' | 'latitude' | 'longitude'>) => void;
  /** Writes a stop's details or plan (already checked) in one transaction, so one Undo reverts them; false without a live document. */
  edit: (stopId: string, details: StopDetails) => boolean;
}

export type StopDetails = Partial<Pick<DocStop, 'name' | 'address' | 'notes' | 'latitude' | 'longitude' | PlanStopFieldKey>>;

export function useStopEditing(connection: TripConnection | null): StopEditing {
  const show = useToastStore((state) => state.show);

  const move = useCallback(
    (stopId: string, newOrder: number) => {
      const moved = connection ? connection.transact(() => moveStop(connection.doc, stopId, newOrder)) : false;
      show(moved ? text.orderUpdated : text.orderFailed, moved ? 'success' : 'error');
    },
    [connection, show],
  );

  const remove = useCallback(
    (stop: DocStop) => {
      const deleted = connection ? connection.transact(() => deleteStop(connection.doc, stop.id)) : false;
      show(deleted ? text.stopDeleted : text.stopDeleteFailed, deleted ? 'success' : 'error');
    },
    [connection, show],
  );

  const add = useCallback(
    (fields: NewStop, index?: number) => {
      if (!connection) throw new Error(text.stopAddFailed);
      return connection.transact(() => addStop(connection.doc, crypto.randomUUID(), fields, index));
    },
    [connection],
  );

  const locate = useCallback<StopEditing['locate']>(
    (stop, { address, latitude, longitude }) => {
      // The search often answers with less than the stop's address (a town for a street address): the address
      // the user gave the stop stays, only the position comes from the result.
      const patch = { address: stop.address || address, latitude, longitude };
      const located = connection ? connection.transact(() => updateStop(connection.doc, stop.id, patch)) : false;
      show(located ? text.locationSet(stop.name) : text.locationFailed, located ? 'success' : 'error');
    },
    [connection, show],
  );

  const edit = useCallback<StopEditing['edit']>(
    (stopId, details) => (connection ? connection.transact(() => updateStop(connection.doc, stopId, details)) : false),
    [connection],
  );

  const setDragging = useCallback((stopId: string | null) => connection?.setDragging(stopId), [connection]);

  return useMemo(() => ({ move, remove, add, setDragging, locate, edit }), [move, remove, add, setDragging, locate, edit]);
}
