/** Allow-lists for trip shapes. */
import type { TTripListItem, TTripRole } from '@caravan/shared';

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
