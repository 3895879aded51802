/** Flips a stop's visited flag: visitedAt is set to now when it becomes visited and cleared when it does not. */
import { findStop, updateStop, type TToggleVisitedRequest, type TToggleVisitedResponse } from '@caravan/shared';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';
import { stopKeyOrNotFound } from '../tripDocs/stopLookup.ts';
import { serverOrigin } from '../tripDocs/origins.ts';

export function stopVisitedToggler(
  tripDocs: TripDocHub,
  actorId: number,
  { tripId, stopId }: TToggleVisitedRequest,
  now: Date = new Date(),
): Promise<TToggleVisitedResponse> {
  return tripDocs.write(tripId, serverOrigin(actorId), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const visited = !findStop(doc, key)!.visited;
    const visitedAt = visited ? now.toISOString() : null;
    transact(() => updateStop(doc, key, { visited, visitedAt }));
    return { visited, visitedAt };
  });
}
