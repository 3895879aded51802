/** The bell's and its list's words: one sentence per kind of notification. */
import { notificationSentence, type TNotification } from '@caravan/shared';

export const notificationMessages = {
  bell: (unread: number) => `Notifications, ${unread} unread`,
  // Not "Notifications": that is the toasts' region.
  title: 'Your notifications',
  empty: 'Nothing new. You will see here what happens on your trips.',
  markAllRead: 'Mark all read',
  loading: 'Loading notifications…',
  failed: 'Notifications could not be loaded.',
  unread: 'Unread',
  sentence: (notification: TNotification): string => notificationSentence(notification),
};
