/** Creates a trip, its owner's membership and its starting location as the first stop, in one transaction. */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { FIRST_ORDER_KEY, type TCreateTripRequest } from '@caravan/shared';
import { StopEntity, type Trip, TripEntity, TripMemberEntity } from '@caravan/engine';

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
