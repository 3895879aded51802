/** Allow-lists for trip shapes. */
import type { TCreateTripResponse, TTripListItem, TTripRole } from '@caravan/shared';

export interface TripListFields {
  id: string;
  title: string;
  description: string | null;
  createdAt: Date;
  role: TTripRole;
  stopCount: number;
}

export function presentTripListItem(trip: TripListFields): TTripListItem {
  return {
    id: trip.id,
    title: trip.title,
    description: trip.description,
    stopCount: trip.stopCount,
    createdAt: trip.createdAt.toISOString(),
    role: trip.role,
  };
}

/** A trip just created: its creator owns it, and it holds its start stop. */
export function presentCreatedTrip(trip: Omit<TripListFields, 'role' | 'stopCount'>): TCreateTripResponse {
  return { ...presentTripListItem({ ...trip, role: 'owner', stopCount: 1 }), role: 'owner' };
}
