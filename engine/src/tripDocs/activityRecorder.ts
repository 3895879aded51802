/**
 * Writes activity entries into a trip document (server-origin, inside a `TripDocHub.write`): the
 * projection stores every entry in `activities` for good, the document keeps the newest ACTIVITY_LIMIT.
 */
import { randomUUID } from 'node:crypto';
import type * as Y from 'yjs';
import { ACTIVITY_LIMIT, activityArray, recordMap, type ActivityType, type DocActivity } from '@caravan/shared';

export type { ActivityType };

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
