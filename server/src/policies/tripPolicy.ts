/**
 * Who may do what on a trip (ARCHITECTURE "Authorization"). Pure functions of a trip role, used by the
 * REST handlers and the collab server alike; the loader hides private trips from non-members (404).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type TTripRole } from '@caravan/shared';
import { TripEntity, type Trip } from '../entities/trip.ts';
import { TripMemberEntity } from '../entities/tripMember.ts';
import type { User } from '../entities/user.ts';
import { AppError } from '../lib/appError.ts';

export type TripRole = TTripRole;

export const isOwner = (role: TripRole | null) => role === 'owner';
export const canEditStops = (role: TripRole | null) => role === 'owner' || role === 'editor';
export const canDeleteTrip = isOwner;

export async function findTripRole(
  db: DataSource | EntityManager,
  tripId: string,
  userId: number,
): Promise<TripRole | null> {
  const member = await db.getRepository(TripMemberEntity).findOneBy({ tripId, userId });
  return member?.role ?? null;
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
