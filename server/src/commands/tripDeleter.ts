/** Deletes a trip; its members, stops, journals, document and everything else go with it (ON DELETE CASCADE). */
import type { DataSource } from 'typeorm';
import type { TDeleteTripRequest } from '@caravan/shared';
import { TripEntity } from '../entities/trip.ts';

export async function tripDeleter(dataSource: DataSource, { tripId }: TDeleteTripRequest): Promise<void> {
  await dataSource.getRepository(TripEntity).delete({ id: tripId });
}
