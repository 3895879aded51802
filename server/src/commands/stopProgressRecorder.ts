/**
 * "We're here" and "We're running late" by call: writes a stop's arrival and delay through the writer the web app
 * uses in its live document (shared/src/tripDoc/stopProgress.ts), so an owner's arrival marks the stop visited here
 * too, and records what a member's live edit records (collab-server/src/liveStopChanges.ts).
 */
import { findStop, isOwner, writeStopProgress, type TripRole, type TUpdateStopProgressRequest, type TUpdateStopProgressResponse } from '@caravan/shared';
import { recordStopChange, serverOrigin, stopKeyOrNotFound, type StopChange, type TripDocHub, type User } from '@caravan/engine';

export function stopProgressRecorder(
  tripDocs: TripDocHub,
  actor: User,
  role: TripRole | null,
  { tripId, stopId, arrivedAt, delayMinutes }: TUpdateStopProgressRequest,
): Promise<TUpdateStopProgressResponse> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const before = findStop(doc, key)!;
    transact(() => {
      writeStopProgress(doc, key, { arrivedAt, delayMinutes, marksVisited: isOwner(role) });
      const after = findStop(doc, key)!;
      const changes: StopChange[] = [];
      const stop = { stopId: key, stopName: after.name };
      if (!before.visited && after.visited) changes.push({ kind: 'visited', ...stop, visited: true });
      if (typeof after.arrivedAt === 'string' && after.arrivedAt !== before.arrivedAt) changes.push({ kind: 'arrived', ...stop, arrivedAt: after.arrivedAt });
      if (typeof after.delayMinutes === 'number' && after.delayMinutes > 0 && after.delayMinutes !== before.delayMinutes) {
        changes.push({ kind: 'runningLate', ...stop, delayMinutes: after.delayMinutes });
      }
      for (const change of changes) recordStopChange(doc, actor, change);
    });
    const after = findStop(doc, key)!;
    return { arrivedAt: after.arrivedAt, delayMinutes: after.delayMinutes, visited: after.visited, visitedAt: after.visitedAt };
  });
}
