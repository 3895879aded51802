/**
 * Sets a trip's road settings (arrival time of day, daily driving limit); the row and the document's meta
 * mirror commit together, so every member sees the new values live. A setting left out keeps its value.
 */
import { messages, type TRoadSettings, type TRoadSettingsRequest } from '@caravan/shared';
import { AppError, mirrorTripMeta, serverOrigin, type TripDocHub, TripEntity } from '@caravan/engine';

export function tripRoadSettingsSetter(
  tripDocs: TripDocHub,
  actorId: number,
  { tripId, arrivalTime, dailyDriveLimitMinutes }: TRoadSettingsRequest,
): Promise<TRoadSettings> {
  return tripDocs.write(tripId, serverOrigin(actorId), async ({ doc, manager, transact }) => {
    const trips = manager.getRepository(TripEntity);
    const trip = await trips.findOne({ where: { id: tripId }, lock: { mode: 'pessimistic_write' } });
    if (!trip) throw new AppError('not_found', messages.trips.notFound);
    if (arrivalTime !== undefined) trip.arrivalTime = arrivalTime;
    if (dailyDriveLimitMinutes !== undefined) trip.dailyDriveLimitMinutes = dailyDriveLimitMinutes;
    await trips.update({ id: tripId }, { arrivalTime: trip.arrivalTime, dailyDriveLimitMinutes: trip.dailyDriveLimitMinutes });
    transact(() => mirrorTripMeta(doc, trip));
    return { arrivalTime: trip.arrivalTime, dailyDriveLimitMinutes: trip.dailyDriveLimitMinutes };
  });
}
