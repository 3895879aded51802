/**
 * Writes a stop's own details (name, address, notes, position) and records 'stop_updated' in the same
 * transaction, as a member's live edit of them does (collab-server/src/liveStopChanges.ts); a call that changes
 * nothing records nothing. A new position reaches the leg keeper through the commit, as a live edit's does.
 */
import { findStop, updateStop, type TUpdateStopDetailsRequest } from '@caravan/shared';
import { recordStopChange, serverOrigin, STOP_DETAIL_KEYS, stopKeyOrNotFound, type TripDocHub, type User } from '@caravan/engine';

export function stopDetailsUpdater(tripDocs: TripDocHub, actor: User, { tripId, stopId, ...details }: TUpdateStopDetailsRequest): Promise<void> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const before = findStop(doc, key)!;
    const changed = STOP_DETAIL_KEYS.some((field) => details[field] !== undefined && details[field] !== before[field]);
    if (!changed) return;
    transact(() => {
      updateStop(doc, key, details);
      recordStopChange(doc, actor, { kind: 'edited', stopId: key, stopName: details.name ?? before.name });
    });
  });
}
