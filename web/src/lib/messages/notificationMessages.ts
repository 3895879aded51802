/** The bell's and its list's words: one sentence per kind of notification. */
import type { NotificationKind, TNotification } from '@caravan/shared';

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
  sentence: ({ kind, actorName, tripTitle, data }: TNotification): string => {
    const trip = q(tripTitle);
    switch (kind) {
      case 'trip_invited':
        return `${actorName} invited you to ${trip} as ${data.role === 'editor' ? 'an editor' : 'a viewer'}`;
      case 'suggestion_waiting':
        return `${actorName} suggested ${q(data.suggestionName)} on ${trip}: it waits for your review`;
      case 'suggestion_reviewed':
        return `${actorName} ${data.approved ? 'approved' : 'denied'} your suggestion ${q(data.suggestionName)} on ${trip}`;
      case 'stop_commented':
        return `${actorName} commented on ${q(data.stopName)} on ${trip}`;
      case 'mentioned':
        return `${actorName} mentioned you in a comment on ${q(data.stopName)} on ${trip}`;
      case 'item_assigned':
        return `${actorName} assigned you ${q(data.text)} on ${trip}`;
      case 'poll_closed':
        return typeof data.winner === 'string' && data.winner
          ? `${actorName} closed the poll ${q(data.question)} on ${trip}: ${data.winner} won`
          : `${actorName} closed the poll ${q(data.question)} on ${trip}`;
      case 'expense_added':
        return `${actorName} added the expense ${q(data.description)} on ${trip}, split with you`;
      case 'poll_opened':
        return `${actorName} started the poll ${q(data.question)} on ${trip}`;
      case 'poll_closing':
        return `The poll ${q(data.question)} on ${trip} closes within a day, and you have not voted`;
      case 'item_due':
        return `${q(data.text)}, assigned to you on ${trip}, is due tomorrow`;
      case 'trip_starting':
        return `${trip} starts tomorrow`;
      case 'settle_up':
        return `You owe ${typeof data.owed === 'string' ? data.owed : 'money'} on ${trip}: settle up when you can`;
    }
  },
};
