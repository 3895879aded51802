/**
 * Creates a trip, its owner's membership and its starting location as the first stop, in one transaction; then,
 * when the request names one, writes the trip's home currency into its document (shared costs live there).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { FIRST_ORDER_KEY, moneySettingsMap, type TCreateTripRequest } from '@caravan/shared';
import { serverOrigin, StopEntity, type Trip, TripEntity, TripMemberEntity, type TripDocHub } from '@caravan/engine';

export async function tripCreatorWithCurrency(
  deps: { dataSource: DataSource; tripDocs: TripDocHub },
  ownerId: number,
  params: TCreateTripRequest,
): Promise<Trip> {
  const trip = await tripCreator(deps.dataSource, ownerId, params);
  const { homeCurrency } = params;
  if (homeCurrency) {
    await deps.tripDocs.write(trip.id, serverOrigin(ownerId), ({ doc, transact }) => transact(() => moneySettingsMap(doc).set('homeCurrency', homeCurrency)));
  }
  return trip;
}

export function tripCreator(dataSource: DataSource, ownerId: number, params: TCreateTripRequest): Promise<Trip> {
  return dataSource.transaction(async (manager) => {
    const trip = await manager.getRepository(TripEntity).save(
      manager.getRepository(TripEntity).create({
        ownerId,
        title: params.title,
        description: params.description || null,
      }),
    );
    await manager.getRepository(TripMemberEntity).insert({ tripId: trip.id, userId: ownerId, role: 'owner' });
    await manager.getRepository(StopEntity).insert({
      id: randomUUID(),
      tripId: trip.id,
      name: params.startLocationName,
      address: params.startLocationAddress || null,
      latitude: params.startLocationLatitude,
      longitude: params.startLocationLongitude,
      pos: FIRST_ORDER_KEY,
      stopOrder: 0,
    });
    return trip;
  });
}
