/**
 * Flips a stop's visited flag: visitedAt is set to now when it becomes visited and cleared when it does not;
 * records 'stop_visited' either way (the live door records the same, see collab-server/src/liveStopChanges.ts).
 */
import { findStop, updateStop, type TToggleVisitedRequest, type TToggleVisitedResponse } from '@caravan/shared';
import { recordStopChange, serverOrigin, stopKeyOrNotFound, type TripDocHub, type User } from '@caravan/engine';

export function stopVisitedToggler(
  tripDocs: TripDocHub,
  actor: User,
  { tripId, stopId }: TToggleVisitedRequest,
  now: Date = new Date(),
): Promise<TToggleVisitedResponse> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const stop = findStop(doc, key)!;
    const visited = !stop.visited;
    const visitedAt = visited ? now.toISOString() : null;
    transact(() => {
      updateStop(doc, key, { visited, visitedAt });
      recordStopChange(doc, actor, { kind: 'visited', stopId: key, stopName: stop.name, visited }, now);
    });
    return { visited, visitedAt };
  });
}
