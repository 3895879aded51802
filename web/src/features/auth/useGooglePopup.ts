/**
 * The Google sign-in popup (docs/product.md#log-in): idle → connecting → success or error. It ends when the popup
 * posts a message, when it is closed (checked every second), or after 5 minutes. Single sign-on (OpenID Connect)
 * takes the same popup with provider 'oidc'. An account that asks for a second factor ends in `secondFactor`, which the
 * login page's second step takes on.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OAUTH_ERROR,
  OAUTH_POPUP_HEIGHT,
  OAUTH_POPUP_POLL_MS,
  OAUTH_POPUP_TIMEOUT_MS,
  OAUTH_POPUP_WIDTH,
  OAUTH_TOKEN_SUCCESS,
  type TOAuthPopupMessage,
  type TSecondFactorChallenge,
} from '@caravan/shared';
import { authApi } from './authApi.ts';
import { loginMessages } from './messages.ts';

/** How long a message may trail the popup's closing. */
const CLOSED_POPUP_GRACE_MS = 1500;

export type PopupState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'success' }
  /** Signed in with the provider; the account asks for a second factor before the session. */
  | { status: 'secondFactor'; challenge: TSecondFactorChallenge['secondFactor'] }
  | { status: 'error'; message: string; code?: string };

export function useGooglePopup(onSignedIn: () => void, provider: 'google' | 'oidc' = 'google') {
  const [state, setState] = useState<PopupState>({ status: 'idle' });
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  const start = useCallback(() => {
    cleanup.current();
    const left = window.screenX + (window.outerWidth - OAUTH_POPUP_WIDTH) / 2;
    const top = window.screenY + (window.outerHeight - OAUTH_POPUP_HEIGHT) / 2;
    const popup = window.open(
      `/_api/auth/oauth_authorize?provider=${provider}`,
      `caravan-${provider}-sign-in`,
      `width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top}`,
    );
    if (!popup) {
      setState({ status: 'error', message: loginMessages.popupBlocked });
      return;
    }
    setState({ status: 'connecting' });
    let finished = false;
    const finish = (next: PopupState) => {
      if (finished) return;
      finished = true;
      cleanup.current();
      setState(next);
    };

    const onMessage = async (event: MessageEvent<TOAuthPopupMessage>) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data;
      if (data?.type === OAUTH_TOKEN_SUCCESS) {
        finished = true;
        cleanup.current();
        try {
          const answer = await authApi.establishSession(data.token);
          if ('secondFactor' in answer) {
            setState({ status: 'secondFactor', challenge: answer.secondFactor });
            return;
          }
          setState({ status: 'success' });
          onSignedIn();
        } catch {
          setState({ status: 'error', message: loginMessages.sessionFailed });
        }
      } else if (data?.type === OAUTH_ERROR) {
        finish({ status: 'error', message: data.message || loginMessages.oauthFailed, code: data.code });
      }
    };
    // The popup posts its message and closes itself: on a busy machine the opener can see it closed before the
    // message arrives (two processes), so a closed popup ends the sign-in only once a message had time to come.
    let grace: number | undefined;
    const poll = window.setInterval(() => {
      if (popup.closed && grace === undefined) grace = window.setTimeout(() => finish({ status: 'idle' }), CLOSED_POPUP_GRACE_MS);
    }, OAUTH_POPUP_POLL_MS);
    const timeout = window.setTimeout(() => {
      popup.close();
      finish({ status: 'error', message: loginMessages.oauthFailed });
    }, OAUTH_POPUP_TIMEOUT_MS);

    window.addEventListener('message', onMessage);
    cleanup.current = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      window.clearTimeout(grace);
    };
  }, [onSignedIn, provider]);

  return { state, start, reset: () => setState({ status: 'idle' }) };
}
