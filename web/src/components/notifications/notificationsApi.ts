/**
 * The caller's notifications: the unread count the bell shows (asked again every UNREAD_REFRESH_MS and when the tab
 * regains focus; no socket of its own), the newest page, and marking read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationCalls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const NOTIFICATIONS_KEY = ['notifications'];
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'];
const LIST_KEY = [...NOTIFICATIONS_KEY, 'list'];
export const UNREAD_REFRESH_MS = 10_000;

const api = notificationCalls.notifications;

export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => call(api.unreadCount),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

export function useNotificationList() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => call(api.list, {}), staleTime: 0, refetchOnWindowFocus: 'always' });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  return {
    one: useMutation({ mutationFn: (id: string) => call(api.markRead, { id }), onSettled: settled }),
    all: useMutation({ mutationFn: () => call(api.markAllRead), onSettled: settled }),
  };
}
