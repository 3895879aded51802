/** The bell's and its list's words: one sentence per kind of notification. */
import { notificationSentence, type NotificationKind, type TNotification } from '@caravan/shared';

/** What a grouped entry of each kind counts ("5 new expenses on …"); a kind not named here counts notifications. */
const groupNouns: Partial<Record<NotificationKind, string>> = {
  trip_invited: 'invitations',
  suggestion_waiting: 'suggestions waiting for your review',
  suggestion_reviewed: 'reviews of your suggestions',
  stop_commented: 'comments',
  mentioned: 'mentions of you',
  item_assigned: 'checklist items assigned to you',
  poll_closed: 'closed polls',
  expense_added: 'expenses',
  poll_opened: 'polls',
  poll_closing: 'polls closing soon',
  item_due: 'checklist items due tomorrow',
};

const q = (value: unknown) => `“${typeof value === 'string' ? value : ''}”`;

export const notificationMessages = {
  bell: (unread: number) => `Notifications, ${unread} unread`,
  // Not "Notifications": that is the toasts' region.
  title: 'Your notifications',
  empty: 'Nothing new. You will see here what happens on your trips.',
  markAllRead: 'Mark all read',
  loading: 'Loading notifications…',
  failed: 'Notifications could not be loaded.',
  unread: 'Unread',
  groupSentence: ({ kind, tripTitle }: TNotification, count: number) => `${count} new ${groupNouns[kind] ?? 'notifications'} on ${q(tripTitle)}`,
  groupUnread: (unread: number) => `${unread} unread`,
  mute: 'Mute',
  muteTripNamed: (title: string) => `Mute notifications of ${q(title)}`,
  muteTrip: 'Mute this trip',
  unmuteTrip: 'Unmute this trip',
  mutedTrip: (title: string) => `Notifications of ${q(title)} are muted.`,
  unmutedTrip: (title: string) => `Notifications of ${q(title)} are on again.`,
  muteFailed: 'The trip could not be muted or unmuted.',
  muteHint: 'Muted: no notifications of this trip reach you, in the app, by e-mail or by push (invitations excepted).',
  sentence: (notification: TNotification): string => notificationSentence(notification),
};
