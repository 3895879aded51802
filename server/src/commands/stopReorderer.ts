/**
 * Moves a stop to a 0-based position (past the end means last); one order key changes, every stopOrder follows.
 * Records 'stop_moved', folded into the actor's previous move of the stop (engine/src/tripDocs/stopActivity.ts).
 */
import { contractStops, findStop, moveStop, stopIsAt, type TReorderStopRequest, type TReorderStopResponse } from '@caravan/shared';
import { recordStopChange, serverOrigin, stopKeyOrNotFound, type TripDocHub, type User } from '@caravan/engine';

export function stopReorderer(
  tripDocs: TripDocHub,
  actor: User,
  { tripId, stopId, newOrder }: TReorderStopRequest,
): Promise<TReorderStopResponse> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    // A stop already in place keeps its order key: no update, nothing to send to anyone.
    if (!stopIsAt(doc, key, newOrder)) {
      transact(() => {
        moveStop(doc, key, newOrder);
        recordStopChange(doc, actor, { kind: 'moved', stopId: key, stopName: findStop(doc, key)!.name });
      });
    }
    return { stops: contractStops(doc).map(({ id, name, stopOrder }) => ({ id, name, stopOrder })) };
  });
}
