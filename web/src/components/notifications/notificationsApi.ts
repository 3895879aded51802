/**
 * The caller's notifications: the unread count the bell shows, asked again the moment the server nudges this page
 * (an event stream that says only "ask again"), when the tab regains focus, and every UNREAD_REFRESH_MS while the
 * stream is down (a server that follows as many pages as it can refuses more). The list's calls are in
 * ./notificationListApi.ts, loaded with the list.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_STREAM_PATH, notificationCalls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const NOTIFICATIONS_KEY = ['notifications'];
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'];
export const UNREAD_REFRESH_MS = 10_000;

export const api = notificationCalls.notifications;

export function useUnreadCount() {
  const streaming = useNotificationNudges();
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => call(api.unreadCount),
    refetchInterval: streaming ? false : UNREAD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

/** Keeps the page's notification stream open; true while it is. Each nudge makes every notification query stale. */
function useNotificationNudges(): boolean {
  const queryClient = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource(`/_api${NOTIFICATION_STREAM_PATH}`);
    let wasDown = false;
    events.onopen = () => {
      setStreaming(true);
      // Back after a drop: whatever came while it was down (the first open follows the count's own first fetch).
      if (wasDown) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    };
    events.onerror = () => {
      wasDown = true;
      setStreaming(false);
    };
    events.addEventListener('notified', () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
    return () => events.close();
  }, [queryClient]);
  return streaming;
}
