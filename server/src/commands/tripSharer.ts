/**
 * Makes a trip public or private (owner only). Going public creates a share token of 128 random bits
 * unless the trip already has one; going private deletes the token, so an old link never works again.
 * The row changes and the document's meta mirror commit together.
 */
import { messages, type TShareTripRequest, type TShareTripResponse } from '@caravan/shared';
import { AppError, mirrorTripMeta, randomToken, serverOrigin, type TripDocHub, TripEntity } from '@caravan/engine';

export const SHARE_TOKEN_BYTES = 16;

export function tripSharer(tripDocs: TripDocHub, actorId: number, { tripId, isPublic }: TShareTripRequest): Promise<TShareTripResponse> {
  return tripDocs.write(tripId, serverOrigin(actorId), async ({ doc, manager, transact }) => {
    const trips = manager.getRepository(TripEntity);
    const trip = await trips.findOne({ where: { id: tripId }, lock: { mode: 'pessimistic_write' } });
    if (!trip) throw new AppError('not_found', messages.trips.notFound);
    trip.isPublic = isPublic;
    trip.shareToken = isPublic ? (trip.shareToken ?? randomToken(SHARE_TOKEN_BYTES)) : null;
    await trips.update({ id: tripId }, { isPublic: trip.isPublic, shareToken: trip.shareToken });
    transact(() => mirrorTripMeta(doc, trip));
    return { isPublic: trip.isPublic, shareToken: trip.shareToken };
  });
}
