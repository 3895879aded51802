/**
 * Moves a stop to a 0-based position (past the end means last); one order key changes, every stopOrder follows.
 * Records 'stop_moved', folded into the actor's previous move of the stop (engine/src/tripDocs/stopActivity.ts).
 */
import { contractStops, moveStop, orderedStops, type TReorderStopRequest, type TReorderStopResponse } from '@caravan/shared';
import { recordStopChange, serverOrigin, stopKeyOrNotFound, type TripDocHub, type User } from '@caravan/engine';

export function stopReorderer(
  tripDocs: TripDocHub,
  actor: User,
  { tripId, stopId, newOrder }: TReorderStopRequest,
): Promise<TReorderStopResponse> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const stops = orderedStops(doc);
    const from = stops.findIndex((stop) => stop.id === key);
    // A stop already in place keeps its order key: no update, nothing to send to anyone.
    if (from !== Math.min(newOrder, stops.length - 1)) {
      transact(() => {
        moveStop(doc, key, newOrder);
        recordStopChange(doc, actor, { kind: 'moved', stopId: key, stopName: stops[from].name });
      });
    }
    return { stops: contractStops(doc).map(({ id, name, stopOrder }) => ({ id, name, stopOrder })) };
  });
}
