/**
 * Loading a trip with the caller's role, and refusing a call the role may not make
 * (docs/architecture.md#where-each-rule-lives). Which role may do what is shared/src/domain/tripPermissions.ts;
 * the loader hides private trips from non-members (404).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type TripRole } from '@caravan/shared';
import { findTripRole, AppError, type Trip, TripEntity, type User } from '@caravan/engine';

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
