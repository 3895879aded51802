/** The administrator's lists: every user with a trip count, every trip with its owner and stop count. */
import type { DataSource } from 'typeorm';
import type { TAdminTrip, TAdminUser } from '@caravan/shared';
import { UserEntity, type User } from '@caravan/engine';
import { presentAdminUser } from '../presenters/user.ts';

export async function adminUserListQuery(dataSource: DataSource): Promise<TAdminUser[]> {
  const [users, counts] = await Promise.all([
    dataSource.getRepository(UserEntity).find({ order: { createdAt: 'DESC', id: 'DESC' } }),
    dataSource.query('SELECT user_id, count(*)::int AS trip_count FROM trip_members GROUP BY user_id') as Promise<
      Array<{ user_id: number; trip_count: number }>
    >,
  ]);
  const countByUser = new Map(counts.map((row) => [row.user_id, row.trip_count]));
  return users.map((user: User) => presentAdminUser(user, countByUser.get(user.id) ?? 0));
}

export async function adminUserQuery(dataSource: DataSource, user: User): Promise<TAdminUser> {
  const [row] = (await dataSource.query('SELECT count(*)::int AS trip_count FROM trip_members WHERE user_id = $1', [
    user.id,
  ])) as Array<{ trip_count: number }>;
  return presentAdminUser(user, row?.trip_count ?? 0);
}

export async function adminTripListQuery(dataSource: DataSource): Promise<TAdminTrip[]> {
  return dataSource.query(
    `SELECT t.id, t.title, t.owner_id AS "ownerId", u.display_name AS "ownerDisplayName", t.created_at AS "createdAt",
            (SELECT count(*)::int FROM stops s WHERE s.trip_id = t.id) AS "stopCount"
       FROM trips t JOIN users u ON u.id = t.owner_id
      ORDER BY t.created_at DESC, t.id`,
  );
}
