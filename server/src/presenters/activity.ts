/** Allow-list for an activity feed entry (docs/product.md#activity). */
import { messages, type TActivityItem } from '@caravan/shared';

export interface ActivityFields {
  id: string;
  activityType: string;
  activityData: Record<string, unknown> | null;
  userId: number | null;
  displayName: string | null;
  avatarUrl: string | null;
  createdAt: Date;
}

export function presentActivity(activity: ActivityFields): TActivityItem {
  return {
    id: activity.id,
    activityType: activity.activityType,
    activityData: activity.activityData ?? {},
    userId: activity.userId,
    displayName: activity.displayName ?? messages.collaboration.formerMember,
    avatarUrl: activity.avatarUrl,
    createdAt: activity.createdAt.toISOString(),
  };
}
