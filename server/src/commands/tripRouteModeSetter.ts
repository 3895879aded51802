/** Switches a trip between route mode (stops joined in order) and bucket-list mode; row and meta mirror commit together. */
import { messages, type TRouteModeRequest, type TRouteModeResponse } from '@caravan/shared';
import { AppError, mirrorTripMeta, serverOrigin, type TripDocHub, TripEntity } from '@caravan/engine';

export function tripRouteModeSetter(
  tripDocs: TripDocHub,
  actorId: number,
  { tripId, routeMode }: TRouteModeRequest,
): Promise<TRouteModeResponse> {
  return tripDocs.write(tripId, serverOrigin(actorId), async ({ doc, manager, transact }) => {
    const trips = manager.getRepository(TripEntity);
    const trip = await trips.findOne({ where: { id: tripId }, lock: { mode: 'pessimistic_write' } });
    if (!trip) throw new AppError('not_found', messages.trips.notFound);
    trip.routeMode = routeMode;
    await trips.update({ id: tripId }, { routeMode });
    transact(() => mirrorTripMeta(doc, trip));
    return { routeMode };
  });
}
