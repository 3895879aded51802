/**
 * Writes activity entries into a trip document (server-origin, inside a `TripDocHub.write`): the
 * projection stores every entry in `activities` for good, the document keeps the newest ACTIVITY_LIMIT.
 */
import { randomUUID } from 'node:crypto';
import type * as Y from 'yjs';
import { ACTIVITY_LIMIT, activityArray, recordMap, type DocActivity } from '@caravan/shared';

export type ActivityType =
  | 'member_joined'
  | 'member_invited'
  | 'member_removed'
  | 'member_role_changed'
  | 'stop_added'
  | 'stop_deleted'
  | 'stop_visited'
  | 'stop_moved'
  | 'stop_updated'
  | 'stop_plan_updated'
  | 'stops_reordered'
  | 'trip_updated'
  | 'suggestion_approved'
  | 'suggestion_denied'
  | 'suggestion_archived'
  | 'comment_added'
  | 'comment_resolved'
  | 'poll_closed'
  | 'expense_added'
  | 'expense_updated'
  | 'expense_deleted'
  | 'payment_recorded'
  | 'payment_deleted'
  | 'item_assigned';

export interface ActivityActor {
  id: number;
  displayName: string;
  avatarUrl: string | null;
}

/** Call inside the write's `transact`. Returns the entry as the contract shows it. */
export function recordActivity(
  doc: Y.Doc,
  actor: ActivityActor,
  activityType: ActivityType,
  activityData: Record<string, unknown> = {},
  now: Date = new Date(),
): DocActivity {
  const entry: DocActivity = {
    id: randomUUID(),
    activityType,
    activityData,
    userId: actor.id,
    displayName: actor.displayName,
    avatarUrl: actor.avatarUrl,
    createdAt: now.toISOString(),
  };
  const activity = activityArray(doc);
  activity.push([recordMap(entry)]);
  if (activity.length > ACTIVITY_LIMIT) activity.delete(0, activity.length - ACTIVITY_LIMIT);
  return entry;
}
