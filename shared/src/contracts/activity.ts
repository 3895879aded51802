/**
 * The activity feed (docs/product.md#activity): /_api/trips/activity, newest first, from the `activities` table
 * (every entry ever recorded; the trip document holds only the newest ACTIVITY_LIMIT). Paged: pass the
 * last entry's id as `before` to get the next older page; a page shorter than `limit` is the last.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { tripId, requestObject } from './common.ts';

const c = messages.collaboration.validation;

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_MAX = 200;

export const ZActivityRequest = requestObject({
  tripId: tripId(),
  limit: z
    .number({ error: c.invalidActivityLimit })
    .int(c.invalidActivityLimit)
    .min(1, c.invalidActivityLimit)
    .max(ACTIVITY_PAGE_MAX, c.invalidActivityLimit)
    .optional(),
  before: z.string({ error: c.invalidActivityCursor }).uuid(c.invalidActivityCursor).optional(),
});

/**
 * activityType: member_joined, member_invited {invitedEmail, role}, member_removed {removedMemberName},
 * member_role_changed {memberName, memberUserId, role},
 * stop_added {stopName, stopId}, stop_deleted {stopName, stopId}, stop_moved {stopName, stopId, otherStops?} (coalesced, see
 * engine/src/tripDocs/stopActivity.ts), stops_reordered {stopCount}, stop_updated {stopName, stopId} (its name, address, notes or position; the new name),
 * stop_plan_updated {stopName, stopId} (its kind, stay, fixed time, opening hours, overnight or lodging), stop_visited {stopName, stopId, visited},
 * stop_arrived {stopName, stopId, arrivedAt} ("We're here"), stop_running_late {stopName, stopId, delayMinutes} ("We're running late"),
 * trip_updated, suggestion_approved|denied|archived {suggestionName, suggestedByDisplayName, suggestedBy?, stopName?, stopId?},
 * comment_added {stopName, stopId, commentId}, comment_resolved {stopName, stopId, resolved}, poll_opened {pollId,
 * question, closesAt}, poll_closed {pollId, question, winner}, trip_restored {versionId, versionName, takenAt, summary, only?}
 * (a version of the trip brought back, whole or one stop or entry: `only` names it); clients show unknown
 * types as a generic update.
 */
export const ZActivityItem = z.object({
  id: z.string(),
  activityType: z.string(),
  activityData: z.record(z.string(), z.unknown()),
  userId: z.number().nullable(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});

export const ZActivityResponse = z.array(ZActivityItem);

export type TActivityRequest = z.infer<typeof ZActivityRequest>;
export type TActivityItem = z.infer<typeof ZActivityItem>;
