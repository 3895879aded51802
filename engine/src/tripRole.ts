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

/**
 * Prepared: the roles of several users on a trip at once, active accounts only (a disabled account has none): the
 * collab server asks it inside a commit, under the trip's row lock, when its writers' roles may have changed.
 */
const TRIP_ROLES = {
  name: 'caravan_trip_roles',
  text: `SELECT m.user_id, m.role FROM trip_members m JOIN users u ON u.id = m.user_id
          WHERE m.trip_id = $1 AND m.user_id = ANY($2::int[]) AND u.status = 'active'`,
};

/** Each of `userIds`' role on the trip; a user missing from the answer has none. */
export async function findTripRoles(
  db: DataSource | EntityManager,
  tripId: string,
  userIds: readonly number[],
): Promise<Map<number, TripRole>> {
  const rows = await queryPrepared<{ user_id: number; role: TripRole }>(db, TRIP_ROLES, [tripId, [...userIds]]);
  return new Map(rows.map((row) => [Number(row.user_id), row.role]));
}
