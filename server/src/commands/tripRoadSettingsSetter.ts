/**
 * Sets a trip's road and plan settings (arrival time of day, daily driving limit, start date, departure time,
 * earliest departure, the warning of a drive after sunset, the car whose range is walked); the row and the document's meta
 * mirror commit together, so every member sees the new values live. A setting left out keeps its value; an earliest departure must stay before the arrival time, the
 * one sent checked against the other as stored.
 */
import { isWindowInOrder, messages, planMessages, vehicleOf, type TRoadSettings, type TRoadSettingsRequest } from '@caravan/shared';
import { AppError, mirrorTripMeta, serverOrigin, type TripDocHub, TripEntity } from '@caravan/engine';

export function tripRoadSettingsSetter(tripDocs: TripDocHub, actorId: number, { tripId, ...sent }: TRoadSettingsRequest): Promise<TRoadSettings> {
  return tripDocs.write(tripId, serverOrigin(actorId), async ({ doc, manager, transact }) => {
    const trips = manager.getRepository(TripEntity);
    const trip = await trips.findOne({ where: { id: tripId }, lock: { mode: 'pessimistic_write' } });
    if (!trip) throw new AppError('not_found', messages.trips.notFound);
    const settings: TRoadSettings = {
      arrivalTime: sent.arrivalTime ?? trip.arrivalTime,
      dailyDriveLimitMinutes: sent.dailyDriveLimitMinutes ?? trip.dailyDriveLimitMinutes,
      startDate: sent.startDate !== undefined ? sent.startDate : trip.startDate,
      departureTime: sent.departureTime ?? trip.departureTime,
      earliestDeparture: sent.earliestDeparture ?? trip.earliestDeparture,
      warnAfterSunset: sent.warnAfterSunset ?? trip.warnAfterSunset,
      vehicle: sent.vehicle ?? vehicleOf(trip.vehicle),
    };
    // Only a change to either end is held to the order: a trip whose arrival time was set before the window existed
    // (say 06:00, before the default 08:00) still takes a new limit or start date.
    const windowChanged = sent.arrivalTime !== undefined || sent.earliestDeparture !== undefined;
    if (windowChanged && !isWindowInOrder(settings.earliestDeparture, settings.arrivalTime)) throw new AppError('validation', planMessages.windowOrder);
    await trips.update({ id: tripId }, settings);
    transact(() => mirrorTripMeta(doc, { ...trip, ...settings }));
    return settings;
  });
}
