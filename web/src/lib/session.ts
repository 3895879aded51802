/**
 * Client auth state (docs/product.md#log-in): loading, then authenticated or unauthenticated with a message.
 * The session query never goes stale and is retried once.
 *
 * A sign-out the server did not answer (offline, say) still signs this device out at once, and leaves a mark in
 * localStorage: while it stands, the session check first ends the session on the server, so nothing of the
 * signed-out account shows again until the server has ended it. It is honoured at every session check (each page
 * load), as soon as the browser is back online (`watchPendingSignOut`), and before any sign-in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountCalls, messages, type TAuthUser } from '@caravan/shared';
import { call, errorMessage } from './api.ts';
import { clearTripCaches } from './collab/tripCache.ts';

export const SESSION_KEY = ['session'] as const;

const PENDING_SIGN_OUT = 'caravan-pending-sign-out';

function signOutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT) !== null;
  } catch {
    return false;
  }
}

function markSignOutPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(PENDING_SIGN_OUT, '1');
    else localStorage.removeItem(PENDING_SIGN_OUT);
  } catch {
    // No localStorage: the sign-out is honoured only while this page stays open.
  }
}

let finishing: Promise<void> | null = null;

/**
 * Ends on the server the session of a sign-out that could not reach it. Resolves at once when none is pending, and
 * once the server has ended it; rejects while the server cannot be reached (the mark stays for the next try).
 */
export function finishPendingSignOut(): Promise<void> {
  if (!signOutPending()) return Promise.resolve();
  finishing ??= call(accountCalls.auth.logout, {})
    .then(() => markSignOutPending(false))
    .finally(() => (finishing = null));
  return finishing;
}

/** How often, and how many times, a pending sign-out is tried again after the browser says it is back online. */
const SIGN_OUT_RETRY_MS = 2000;
const SIGN_OUT_TRIES = 5;

/**
 * Back online, a pending sign-out ends the session on the server at once; `onSignedOut` then re-checks the session.
 * The first request after the connection returns can still fail (the network not up yet behind the browser's
 * "online"), so it is tried again a few times while the page stays online.
 */
export function watchPendingSignOut(onSignedOut: () => void): void {
  const attempt = (triesLeft: number) => {
    if (!signOutPending() || !navigator.onLine) return;
    finishPendingSignOut().then(onSignedOut, () => {
      if (triesLeft > 1) setTimeout(() => attempt(triesLeft - 1), SIGN_OUT_RETRY_MS);
    });
  };
  window.addEventListener('online', () => attempt(SIGN_OUT_TRIES));
}

/** The session's own calls; the sign-in calls stay with the login page (features/auth/authApi.ts). */
export const sessionApi = {
  /** Who is signed in, once any pending sign-out has ended its session on the server. */
  session: async () => {
    await finishPendingSignOut();
    return call(accountCalls.auth.session);
  },
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
 * query removed from the cache leaves its mounted observers showing the old user.) The trips kept on this
 * device go too. When the server cannot be reached, the sign-out is left pending (see above): the page still
 * goes to /login, which the app-shell worker serves offline (the sign-in page is part of the shell: App.tsx).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: SESSION_KEY });
    markSignOutPending(true);
    await finishPendingSignOut().catch(() => undefined);
    await clearTripCaches().catch(() => undefined);
    queryClient.clear();
    window.location.assign('/login');
  };
}
