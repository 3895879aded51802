/** Calls of one's own account and of "Forgot password?". */
import { calls, type TChangePasswordRequest, type TForgotPasswordRequest, type TResetPasswordRequest, type TUpdateProfileRequest } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const accountApi = {
  updateProfile: (body: TUpdateProfileRequest) => call(calls.account.updateProfile, body),
  changePassword: (body: TChangePasswordRequest) => call(calls.account.changePassword, body),
  forgotPassword: (body: TForgotPasswordRequest) => call(calls.auth.forgotPassword, body),
  resetPassword: (body: TResetPasswordRequest) => call(calls.auth.resetPassword, body),
};
