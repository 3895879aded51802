/**
 * Client auth state (docs/product.md#log-in): loading, then authenticated or unauthenticated with a message.
 * The session query never goes stale and is retried once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, messages, type TAuthUser } from '@caravan/shared';
import { call, errorMessage } from './api.ts';
import { clearTripCaches } from './collab/tripCache.ts';

export const SESSION_KEY = ['session'] as const;

/** The session's own calls; the sign-in calls stay with the login page (features/auth/authApi.ts). */
export const sessionApi = {
  session: () => call(calls.auth.session),
  logout: () => call(calls.auth.logout, {}),
};

export type AuthState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: TAuthUser }
  | { status: 'unauthenticated'; message: string };

export function useSession(): AuthState {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: sessionApi.session, staleTime: Infinity, retry: 1 });
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'unauthenticated', message: errorMessage(query.error, messages.auth.sessionCheckFailed) };
  return { status: 'authenticated', user: query.data.user };
}

/**
 * Log out: clears the cached session, calls the logout endpoint, then re-checks the session, on a fresh
 * /login page so nothing of the signed-out account stays in memory. (Re-checking in place did not work: a
 * query removed from the cache leaves its mounted observers showing the old user.) The trips cached on this
 * device go too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: SESSION_KEY });
    await sessionApi.logout().catch(() => undefined);
    await clearTripCaches().catch(() => undefined);
    queryClient.clear();
    window.location.assign('/login');
  };
}
