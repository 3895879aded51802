/** The bell's list: the newest page of grouped entries and marking read (loaded with the list, not with every page). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { api, NOTIFICATIONS_KEY } from './notificationsApi.ts';

const LIST_KEY = [...NOTIFICATIONS_KEY, 'list'];

export function useNotificationGroups() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => call(api.grouped, {}), staleTime: 0, refetchOnWindowFocus: 'always' });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  return {
    /** One entry's notifications (one, or a group's). */
    entry: useMutation({ mutationFn: (ids: string[]) => call(api.markManyRead, { ids }), onSettled: settled }),
    all: useMutation({ mutationFn: () => call(api.markAllRead), onSettled: settled }),
  };
}
