/**
 * Notifications (docs/product.md#notifications): what a member is told about their trips, in the app (the bell) and
 * by e-mail, per the member's choices per kind. The list is newest first and paged: pass the last one's id as
 * `before` for the next older page; a page shorter than `limit` is the last.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject } from './common.ts';

const m = messages.notifications;

/** The kinds, in the order the account page lists them. */
export const NOTIFICATION_KINDS = [
  'trip_invited',
  'suggestion_waiting',
  'suggestion_reviewed',
  'stop_commented',
  'item_assigned',
  'poll_closed',
  'expense_added',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds that may be e-mailed (an invitation's e-mail is the invitation itself, sent to anyone invited). */
export const EMAILED_NOTIFICATION_KINDS: readonly NotificationKind[] = ['suggestion_waiting', 'item_assigned'];

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 100;

export const ZNotificationListRequest = requestObject({
  limit: z.number({ error: m.invalidLimit }).int(m.invalidLimit).min(1, m.invalidLimit).max(NOTIFICATION_PAGE_MAX, m.invalidLimit).optional(),
  before: z.string({ error: m.invalidCursor }).uuid(m.invalidCursor).optional(),
});

/**
 * data by kind: trip_invited {role}, suggestion_waiting {suggestionName}, suggestion_reviewed {suggestionName,
 * approved}, stop_commented {stopName}, item_assigned {text}, poll_closed {question, winner}, expense_added
 * {description, amount, currency}.
 */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  tripId: z.string(),
  tripTitle: z.string(),
  stopId: z.string().nullable(),
  actorName: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationListResponse = z.object({ notifications: z.array(ZNotification) });
export const ZUnreadCountResponse = z.object({ unread: z.number().int().min(0) });

export const ZMarkNotificationReadRequest = requestObject({ id: z.string({ error: m.invalidId }).uuid(m.invalidId) });
export const ZMarkedReadResponse = z.object({ unread: z.number().int().min(0) });

const choice = z.boolean({ error: m.invalidChoice });
/** push: sent to the member's devices that turned notifications on (any kind may be pushed). */
export const ZNotificationPreference = z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.boolean(), push: z.boolean(), emailable: z.boolean() });
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;
export const ZNotificationPreferencesResponse = z.object({ preferences: z.array(ZNotificationPreference) });
export const ZUpdateNotificationPreferenceRequest = requestObject({
  kind: z.enum(NOTIFICATION_KINDS, { error: m.invalidKind }),
  inApp: choice,
  email: choice,
  /** Absent: the push choice stays as it was. */
  push: choice.optional(),
});
