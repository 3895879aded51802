/** A trip's comments (or one stop's thread) from their projection rows, oldest first, with the authors' current names. */
import type { DataSource, EntityManager } from 'typeorm';
import type { TComment } from '@caravan/shared';
import { presentComment, type CommentFields } from '../presenters/comment.ts';

export async function commentListQuery(
  db: DataSource | EntityManager,
  tripId: string,
  filter: { stopId?: string; id?: string } = {},
): Promise<TComment[]> {
  const rows: CommentFields[] = await db.query(
    `SELECT c.id, c.stop_id AS "stopId", c.user_id AS "userId", c.content, c.resolved, c.created_at AS "createdAt",
            u.display_name AS "userDisplayName", u.avatar_url AS "userAvatarUrl",
            c.mentions
       FROM comments c
       LEFT JOIN users u ON u.id = c.user_id
      WHERE c.trip_id = $1 AND ($2::uuid IS NULL OR c.stop_id = $2) AND ($3::uuid IS NULL OR c.id = $3)
      ORDER BY c.created_at, c.id`,
    [tripId, filter.stopId ?? null, filter.id ?? null],
  );
  return rows.map(presentComment);
}

/** One comment of the trip, as the list shows it (the answer of the calls that write one). */
export async function commentQuery(db: DataSource | EntityManager, tripId: string, id: string): Promise<TComment> {
  const [comment] = await commentListQuery(db, tripId, { id });
  return comment;
}
