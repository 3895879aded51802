/**
 * Loading a trip with the caller's role, and refusing a call the role may not make (ARCHITECTURE
 * "Authorization"). Which role may do what is shared/src/domain/tripPermissions.ts; the loader hides private
 * trips from non-members (404).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type TripRole } from '@caravan/shared';
import { queryPrepared } from '../db/dataSource.ts';
import { TripEntity, type Trip } from '../entities/trip.ts';
import type { User } from '../entities/user.ts';
import { AppError } from '../lib/appError.ts';

/** Prepared: every collab connection and most REST calls on a trip ask it. */
const TRIP_ROLE = { name: 'caravan_trip_role', text: `SELECT role FROM trip_members WHERE trip_id = $1 AND user_id = $2` };

export async function findTripRole(
  db: DataSource | EntityManager,
  tripId: string,
  userId: number,
): Promise<TripRole | null> {
  const rows = await queryPrepared<{ role: TripRole }>(db, TRIP_ROLE, [tripId, userId]);
  return rows[0]?.role ?? null;
}

export interface TripAccess {
  trip: Trip;
  role: TripRole | null;
}

/** Loads a trip with the caller's role; a trip the caller may not see does not exist for them. */
export async function loadTripAccess(
  db: DataSource | EntityManager,
  tripId: string,
  user: User | undefined,
): Promise<TripAccess> {
  const trip = await db.getRepository(TripEntity).findOneBy({ id: tripId });
  const role = trip && user ? await findTripRole(db, tripId, user.id) : null;
  if (!trip || (!role && !trip.isPublic)) throw new AppError('not_found', messages.trips.notFound);
  return { trip, role };
}

export function authorize(allowed: boolean): void {
  if (!allowed) throw new AppError('forbidden', messages.common.forbidden);
}
