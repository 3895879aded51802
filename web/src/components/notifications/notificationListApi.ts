/** The bell's list: the newest page and marking read (loaded with the list, not with every page). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { api, NOTIFICATIONS_KEY } from './notificationsApi.ts';

const LIST_KEY = [...NOTIFICATIONS_KEY, 'list'];

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
