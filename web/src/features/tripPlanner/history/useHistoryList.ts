/** The trip's versions, newest first, a page at a time (`before` the previous page's last). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { historyApi, historyKeys } from '../../../lib/tripHistory/historyApi.ts';

export const HISTORY_PAGE = 30;

export function useHistoryList(tripId: string) {
  const query = useInfiniteQuery({
    queryKey: historyKeys.list(tripId),
    queryFn: ({ pageParam }) => historyApi.list(tripId, pageParam ?? undefined, HISTORY_PAGE),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });
  return { ...query, versions: query.data?.pages.flatMap((page) => page.versions) ?? [] };
}
