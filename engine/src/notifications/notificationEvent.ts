/** An event members are told of, before it is stored as one notification per recipient. */
import type { NotificationKind } from '@caravan/shared';

export interface NotificationEvent {
  kind: NotificationKind;
  /** The activity entry or suggestion it comes from: one notification per source and member. */
  sourceId: string;
  actorId: number | null;
  actorName: string;
  stopId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
  /** Who to tell, before the actor and non-members are taken out. */
  to: { userIds: number[] } | { email: string };
}
