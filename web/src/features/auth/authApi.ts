/** Calls of the login page; the session check and logout live in lib/session.ts. */
import { calls, type TLoginRequest, type TRegisterRequest } from '@caravan/shared';
import { call } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';

export const authApi = {
  config: () => call(calls.auth.config),
  login: (body: TLoginRequest) =>
    call(calls.auth.login, body, { fallback: appMessages.fallbacks.login }),
  register: (body: TRegisterRequest) =>
    call(calls.auth.register, body, { fallback: appMessages.fallbacks.registration }),
  establishSession: (tempToken: string) =>
    call(calls.auth.establishSession, { tempToken }, { fallback: appMessages.fallbacks.unknown }),
};
