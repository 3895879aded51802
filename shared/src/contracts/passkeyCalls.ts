/** The contracts of passkeys: the caller's own (/account/passkeys*) and signing in with one (/auth/*passkey*). */
import { defineCall } from './defineCall.ts';
import {
  ZPasskeyMessageResponse,
  ZPasskeyOptionsRequest,
  ZPasskeyOptionsResponse,
  ZPasskeyResponse,
  ZPasskeySignInRequest,
  ZPasskeysResponse,
  ZRegisterPasskeyRequest,
  ZRemovePasskeyRequest,
  ZRenamePasskeyRequest,
} from './passkeys.ts';
import { ZAuthUserResponse } from './auth.ts';
import { z } from 'zod';

export const passkeyCalls = {
  passkeys: {
    list: defineCall({ method: 'GET', path: '/account/passkeys', request: z.object({}), response: ZPasskeysResponse }),
    /** A challenge bound to the caller, for navigator.credentials.create(). */
    registrationOptions: defineCall({
      method: 'POST',
      path: '/account/passkeys/registration_options',
      request: ZPasskeyOptionsRequest,
      response: ZPasskeyOptionsResponse,
    }),
    register: defineCall({ method: 'POST', path: '/account/passkeys/register', request: ZRegisterPasskeyRequest, response: ZPasskeyResponse }),
    rename: defineCall({ method: 'POST', path: '/account/passkeys/rename', request: ZRenamePasskeyRequest, response: ZPasskeyResponse }),
    remove: defineCall({ method: 'POST', path: '/account/passkeys/remove', request: ZRemovePasskeyRequest, response: ZPasskeyMessageResponse }),
    /** A challenge bound to nobody: the passkey the browser picks names its account (discoverable credentials). */
    signInOptions: defineCall({ method: 'POST', path: '/auth/passkey_options', request: ZPasskeyOptionsRequest, response: ZPasskeyOptionsResponse }),
    signIn: defineCall({ method: 'POST', path: '/auth/login_with_passkey', request: ZPasskeySignInRequest, response: ZAuthUserResponse }),
  },
};
