/** A user's role on a trip, or null for no membership: both doors ask it before anything else on a trip. */
import type { DataSource, EntityManager } from 'typeorm';
import type { TripRole } from '@caravan/shared';
import { queryPrepared } from './db/dataSource.ts';

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

/** Every member's user id: the live door checks that shared costs name members only, as REST does. */
export async function findTripMemberIds(db: DataSource | EntityManager, tripId: string): Promise<Set<number>> {
  const rows: { user_id: number }[] = await db.query('SELECT user_id FROM trip_members WHERE trip_id = $1', [tripId]);
  return new Set(rows.map((row) => row.user_id));
}
