/**
 * Notifications (docs/product.md#notifications): what a member is told about their trips, in the app (the bell) and
 * by e-mail, per the member's choices per kind. The list is newest first and paged: pass the last one's id as
 * `before` for the next older page; a page shorter than `limit` is the last.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';

const m = messages.notifications;

/** The kinds, in the order the account page lists them. */
export const NOTIFICATION_KINDS = [
  'trip_invited',
  'suggestion_waiting',
  'suggestion_reviewed',
  'stop_commented',
  'mentioned',
  'item_assigned',
  'poll_closed',
  'expense_added',
  'poll_opened',
  'poll_closing',
  'item_due',
  'trip_starting',
  'settle_up',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds that may be e-mailed (an invitation's e-mail is the invitation itself, sent to anyone invited). */
export const EMAILED_NOTIFICATION_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((kind) => kind !== 'trip_invited');
/** The reminders: told by the server's sweep as time passes (no actor), not by an event on the trip. */
export const REMINDER_KINDS: readonly NotificationKind[] = ['poll_closing', 'item_due', 'trip_starting', 'settle_up'];

/**
 * The event stream a signed-in page keeps open (under /_api; not a call: text/event-stream): an event `notified`
 * whenever the member has something new, so the bell asks its count again at once.
 */
export const NOTIFICATION_STREAM_PATH = '/account/notifications/stream';

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 100;

export const ZNotificationListRequest = requestObject({
  limit: z.number({ error: m.invalidLimit }).int(m.invalidLimit).min(1, m.invalidLimit).max(NOTIFICATION_PAGE_MAX, m.invalidLimit).optional(),
  before: z.string({ error: m.invalidCursor }).uuid(m.invalidCursor).optional(),
});

/**
 * data by kind: trip_invited {role}, suggestion_waiting {suggestionName}, suggestion_reviewed {suggestionName,
 * approved}, stop_commented {stopName}, mentioned {stopName}, item_assigned {text}, poll_closed {question, winner},
 * expense_added {description, amount, currency}, poll_opened {question, closesAt}; reminders (no actor): poll_closing
 * {question, closesAt}, item_due {text, dueDate}, trip_starting {startDate}, settle_up {amount, currency, owed} (what
 * you owe: minor units of the home currency, and as read, '42.00 EUR').
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

/**
 * The bell's entries: notifications of one kind on one trip that came close together (each within
 * NOTIFICATION_GROUP_GAP_MS of the one before) make one entry, shown by its newest; `count` of them, `unread` of
 * them unread, `ids` all of them (to mark them read together). A lone notification is an entry of 1. The bell's
 * count stays the number of unread notifications, not of entries. Paged like the list: `before` is the last
 * entry's id (its newest notification).
 */
export const NOTIFICATION_GROUP_GAP_MS = 5 * 60_000;
export const ZNotificationGroup = ZNotification.extend({ count: z.number().int().min(1), unread: z.number().int().min(0), ids: z.array(z.string()) });
export type TNotificationGroup = z.infer<typeof ZNotificationGroup>;
export const ZNotificationGroupsResponse = z.object({ groups: z.array(ZNotificationGroup) });
export const ZMarkNotificationsReadRequest = requestObject({
  ids: z.array(z.string({ error: m.invalidId }).uuid(m.invalidId), { error: m.invalidIds }).min(1, m.invalidIds).max(NOTIFICATION_PAGE_MAX, m.invalidIds),
});

/** A member's mute of one trip: nothing about it reaches them by any channel while it is on (invitations excepted). */
export const ZTripMuteRequest = requestObject({ tripId: tripId() });
export const ZSetTripMuteRequest = requestObject({ tripId: tripId(), muted: z.boolean({ error: m.invalidChoice }) });
export const ZTripMuteResponse = z.object({ muted: z.boolean() });

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
