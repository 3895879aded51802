/** Calls of the login page; the session check and logout live in lib/session.ts. */
import {
  ZAuthConfigResponse,
  ZAuthUserResponse,
  type TLoginRequest,
  type TRegisterRequest,
} from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';
import { appMessages } from '../../lib/messages/appMessages.ts';

export const authApi = {
  config: () => apiCall(ZAuthConfigResponse, '/auth/config'),
  login: (body: TLoginRequest) =>
    apiCall(ZAuthUserResponse, '/auth/login_with_password', { body, fallback: appMessages.fallbacks.login }),
  register: (body: TRegisterRequest) =>
    apiCall(ZAuthUserResponse, '/auth/register_with_password', { body, fallback: appMessages.fallbacks.registration }),
  establishSession: (tempToken: string) =>
    apiCall(ZAuthUserResponse, '/auth/establish_session', { body: { tempToken }, fallback: appMessages.fallbacks.unknown }),
};
