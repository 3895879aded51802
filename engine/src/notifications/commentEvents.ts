/**
 * What a new stop comment tells: the members it mentions ('mentioned'), then everyone else who commented on the
 * stop and the member who added it ('stop_commented'). Both come from the same activity entry, so a member both
 * mentioned and a commenter gets one notification: the first stored (the mention) wins the entry's unique row.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { commentsMap, readMentions, type DocActivity } from '@caravan/shared';
import type { NotificationEvent } from './notificationEvent.ts';

const uuid = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null);

export async function eventsOfComment(manager: EntityManager, tripId: string, doc: Y.Doc, entry: DocActivity): Promise<NotificationEvent[]> {
  const d = entry.activityData ?? {};
  const stopId = uuid(d.stopId);
  if (!stopId) return [];
  const base = { sourceId: entry.id, actorId: entry.userId, actorName: entry.displayName ?? '', createdAt: entry.createdAt, stopId };
  const data = { stopName: typeof d.stopName === 'string' ? d.stopName : '' };
  const comment = typeof d.commentId === 'string' ? commentsMap(doc).get(d.commentId) : undefined;
  const mentioned = readMentions(comment?.get('mentions')).map((mention) => mention.userId);
  const rows: Array<{ user_id: number }> = await manager.query(
    `SELECT user_id FROM comments WHERE trip_id = $1 AND stop_id = $2 AND user_id IS NOT NULL
     UNION SELECT user_id FROM activities
            WHERE trip_id = $1 AND activity_type = 'stop_added' AND activity_data->>'stopId' = $2::text AND user_id IS NOT NULL
     UNION SELECT suggested_by FROM stop_suggestions WHERE trip_id = $1 AND approved_stop_id = $2 AND suggested_by IS NOT NULL`,
    [tripId, stopId],
  );
  return [
    { ...base, kind: 'mentioned', data, to: { userIds: mentioned } },
    { ...base, kind: 'stop_commented', data, to: { userIds: rows.map((row) => row.user_id) } },
  ];
}
