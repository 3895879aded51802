/**
 * The caller's notifications: the unread count the bell shows (asked again every UNREAD_REFRESH_MS and when the tab
 * regains focus; no socket of its own). The list's calls are in ./notificationListApi.ts, loaded with the list.
 */
import { useQuery } from '@tanstack/react-query';
import { notificationCalls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const NOTIFICATIONS_KEY = ['notifications'];
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'];
export const UNREAD_REFRESH_MS = 10_000;

export const api = notificationCalls.notifications;

export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => call(api.unreadCount),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}
