/**
 * Calls of the login page; the session check and logout live in lib/session.ts. A sign-in first ends the session
 * of a sign-out still pending (lib/session.ts), so that one can never end the new session instead.
 */
import { accountCalls, twoFactorCalls, type TLoginRequest, type TRegisterRequest } from '@caravan/shared';
import { call } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { finishPendingSignOut } from '../../lib/session.ts';

export const authApi = {
  config: () => call(accountCalls.auth.config),
  login: async (body: TLoginRequest) => {
    await finishPendingSignOut();
    return call(accountCalls.auth.login, body, { fallback: appMessages.fallbacks.login });
  },
  register: async (body: TRegisterRequest) => {
    await finishPendingSignOut();
    return call(accountCalls.auth.register, body, { fallback: appMessages.fallbacks.registration });
  },
  /** The second step of a sign-in whose first answered `secondFactor`. */
  signInWithCode: (token: string, code: string) => call(twoFactorCalls.twoFactor.signIn, { token, code }, { fallback: appMessages.fallbacks.login }),
  establishSession: async (tempToken: string) => {
    await finishPendingSignOut();
    return call(accountCalls.auth.establishSession, { tempToken }, { fallback: appMessages.fallbacks.unknown });
  },
};
