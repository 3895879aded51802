/** My Trips: every trip the user owns or is a member of, newest first, with its stop count, in one query. */
import type { DataSource } from 'typeorm';
import type { TTripListItem } from '@caravan/shared';
import { presentTripListItem, type TripListFields } from '../presenters/trip.ts';

export async function tripListQuery(dataSource: DataSource, userId: number): Promise<TTripListItem[]> {
  const rows: TripListFields[] = await dataSource.query(
    `SELECT t.id, t.title, t.description, t.created_at AS "createdAt", m.role,
            (SELECT count(*)::int FROM stops s WHERE s.trip_id = t.id) AS "stopCount"
       FROM trips t
       JOIN trip_members m ON m.trip_id = t.id AND m.user_id = $1
      ORDER BY t.created_at DESC, t.id`,
    [userId],
  );
  return rows.map(presentTripListItem);
}
