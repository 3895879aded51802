/** Server state: data stays fresh for 60 s. */
import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@caravan/shared';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: QUERY_STALE_MS, refetchOnWindowFocus: true } },
});
