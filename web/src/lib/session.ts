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

/** The pause before a failed pending sign-out is tried again, doubling up to the longest. */
const SIGN_OUT_RETRY_MS = 2000;
const SIGN_OUT_RETRY_MAX_MS = 60_000;

/**
 * A pending sign-out ends the session on the server as soon as it can; `onSignedOut` then re-checks the session.
 * It is tried when the page opens and at once when the browser says it is back online; while the browser says it
 * is offline it is looked at every 2 s without a request, and a request that fails (the network not up yet behind
 * the browser's "online") goes again after a pause doubling from 2 s to a minute. Not on "online" alone: a page
 * loaded offline does not always hear it (Chromium 150's offline emulation sends it none).
 */
export function watchPendingSignOut(onSignedOut: () => void): void {
  let pause = SIGN_OUT_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    clearTimeout(timer);
    if (!signOutPending()) return;
    if (!navigator.onLine) {
      timer = setTimeout(attempt, SIGN_OUT_RETRY_MS);
      return;
    }
    finishPendingSignOut().then(onSignedOut, () => {
      timer = setTimeout(attempt, pause);
      pause = Math.min(pause * 2, SIGN_OUT_RETRY_MAX_MS);
    });
  };
  window.addEventListener('online', () => {
    pause = SIGN_OUT_RETRY_MS;
    attempt();
  });
  attempt();
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
