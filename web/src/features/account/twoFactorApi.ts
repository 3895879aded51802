/** The account page's two-factor codes: status, set up with a QR code, turn on, new backup codes, turn off. */
import { twoFactorCalls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const TWO_FACTOR_KEY = ['two-factor'];

export const twoFactorApi = {
  status: () => call(twoFactorCalls.twoFactor.status),
  setup: () => call(twoFactorCalls.twoFactor.setup, {}),
  enable: (code: string) => call(twoFactorCalls.twoFactor.enable, { code }),
  regenerateBackupCodes: (code: string) => call(twoFactorCalls.twoFactor.regenerateBackupCodes, { code }),
  disable: (code: string) => call(twoFactorCalls.twoFactor.disable, { code }),
};
