/**
 * One's own account (docs/product.md#account): the display name, a password change (the current password
 * first), and "Forgot password?": asking for an e-mailed link, and choosing a new password with it.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_RESET_TOKEN_MAX_LENGTH } from '../constants.ts';
import { requestObject, requiredString } from './common.ts';
import { displayNameField, newPasswordField } from './auth.ts';
import { ZDistanceUnit } from './distanceUnit.ts';

const v = messages.validation;

/** `distanceUnit` left out keeps the one set; null goes back to the browser's locale. */
export const ZUpdateProfileRequest = requestObject({ displayName: displayNameField(), distanceUnit: ZDistanceUnit.nullable().optional() });

export const ZChangePasswordRequest = requestObject({
  currentPassword: requiredString(messages.account.currentPasswordRequired).max(PASSWORD_MAX_LENGTH, v.passwordTooLong),
  newPassword: newPasswordField(),
});

export const ZForgotPasswordRequest = requestObject({
  email: z.string({ error: v.invalidEmail }).trim().email(v.invalidEmail),
});

export const ZResetPasswordRequest = requestObject({
  token: requiredString(messages.account.resetLinkInvalid).max(PASSWORD_RESET_TOKEN_MAX_LENGTH, messages.account.resetLinkInvalid),
  newPassword: newPasswordField(),
});

export const ZAccountMessageResponse = z.object({ message: z.string() });

export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
