/** The contracts of two-factor codes: the caller's own (/account/two_factor*) and the second step of a sign-in. */
import { z } from 'zod';
import { defineCall } from './defineCall.ts';
import { ZAuthUserResponse } from './auth.ts';
import {
  ZBackupCodesResponse,
  ZSecondFactorCodeRequest,
  ZSecondFactorSignInRequest,
  ZTotpSetupRequest,
  ZTotpSetupResponse,
  ZTwoFactorMessageResponse,
  ZTwoFactorStatusResponse,
} from './twoFactor.ts';

export const twoFactorCalls = {
  twoFactor: {
    status: defineCall({ method: 'GET', path: '/account/two_factor', request: z.object({}), response: ZTwoFactorStatusResponse }),
    /** A new secret for the app, kept unconfirmed until `enable` gets a code made from it. */
    setup: defineCall({ method: 'POST', path: '/account/two_factor/setup', request: ZTotpSetupRequest, response: ZTotpSetupResponse }),
    enable: defineCall({ method: 'POST', path: '/account/two_factor/enable', request: ZSecondFactorCodeRequest, response: ZBackupCodesResponse }),
    regenerateBackupCodes: defineCall({
      method: 'POST',
      path: '/account/two_factor/backup_codes',
      request: ZSecondFactorCodeRequest,
      response: ZBackupCodesResponse,
    }),
    disable: defineCall({ method: 'POST', path: '/account/two_factor/disable', request: ZSecondFactorCodeRequest, response: ZTwoFactorMessageResponse }),
    /** The second step of a sign-in: the token the first step gave, and a code from the app or a backup code. */
    signIn: defineCall({ method: 'POST', path: '/auth/login_with_code', request: ZSecondFactorSignInRequest, response: ZAuthUserResponse }),
  },
};
