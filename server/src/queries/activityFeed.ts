/**
 * The activity feed from the `activities` table (every entry, not only the document's newest), newest
 * first, a page at a time: `before` is the id of the last entry the caller has.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { ACTIVITY_PAGE_SIZE, type TActivityItem } from '@caravan/shared';
import { presentActivity, type ActivityFields } from '../presenters/activity.ts';

export async function activityFeedQuery(
  db: DataSource | EntityManager,
  tripId: string,
  page: { limit?: number; before?: string } = {},
): Promise<TActivityItem[]> {
  const rows: ActivityFields[] = await db.query(
    `SELECT a.id, a.activity_type AS "activityType", a.activity_data AS "activityData", a.user_id AS "userId",
            u.display_name AS "displayName", u.avatar_url AS "avatarUrl", a.created_at AS "createdAt"
       FROM activities a
       LEFT JOIN users u ON u.id = a.user_id
      WHERE a.trip_id = $1
        AND ($2::uuid IS NULL OR (a.created_at, a.id) < (
              SELECT b.created_at, b.id FROM activities b WHERE b.id = $2 AND b.trip_id = $1))
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT $3`,
    [tripId, page.before ?? null, page.limit ?? ACTIVITY_PAGE_SIZE],
  );
  return rows.map(presentActivity);
}
