/** Accounts and sessions (docs/product.md#log-in): /_api/auth/*. */
import { z } from 'zod';
import { ZDistanceUnit } from './distanceUnit.ts';
import { messages } from '../messages.ts';
import { requiredString, ZAccountRole, requestObject } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '../constants.ts';

const v = messages.validation;

export const ZLoginRequest = requestObject({
  email: z.string({ error: v.emailRequired }).trim().email(v.emailRequired),
  password: requiredString(v.passwordRequired).max(PASSWORD_MAX_LENGTH, v.passwordTooLong),
});

/** A new password, wherever one is chosen (registration, the account page, a reset link): one rule, one message. */
export const newPasswordField = () =>
  z.string({ error: v.passwordTooShort }).min(PASSWORD_MIN_LENGTH, v.passwordTooShort).max(PASSWORD_MAX_LENGTH, v.passwordTooLong);

export const displayNameField = () =>
  z.string({ error: v.nameRequired }).trim().min(1, v.nameRequired).max(DISPLAY_NAME_MAX_LENGTH, v.nameTooLong);

export const ZRegisterRequest = requestObject({
  email: z.string({ error: v.invalidEmail }).trim().email(v.invalidEmail),
  password: newPasswordField(),
  displayName: displayNameField(),
});

export const ZEstablishSessionRequest = requestObject({
  tempToken: requiredString(v.tempTokenRequired),
});

export const ZLogoutRequest = requestObject({});

/**
 * The administrator requires a second factor and this account has none: by `deadline` (ISO), after which it may
 * only set one up (`overdue`).
 */
export const ZSecondFactorSetup = z.object({ deadline: z.string(), overdue: z.boolean() });

export const ZAuthUser = z.object({
  id: z.number(),
  role: ZAccountRole,
  displayName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  /** Null: the browser's locale decides. */
  distanceUnit: ZDistanceUnit.nullable(),
  /** Only the session check says it, and only when the administrator's requirement asks something of this account. */
  secondFactorSetup: ZSecondFactorSetup.optional(),
});

export const ZAuthUserResponse = z.object({ user: ZAuthUser });
export const ZLogoutResponse = z.object({ message: z.string() });

export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
export type TEstablishSessionRequest = z.infer<typeof ZEstablishSessionRequest>;
export type TAuthUser = z.infer<typeof ZAuthUser>;
export type TSecondFactorSetup = z.infer<typeof ZSecondFactorSetup>;

/** Messages the OAuth popup posts to its opener. */
export const OAUTH_TOKEN_SUCCESS = 'OAUTH_TOKEN_SUCCESS';
export const OAUTH_ERROR = 'OAUTH_ERROR';
export type TOAuthPopupMessage =
  | { type: typeof OAUTH_TOKEN_SUCCESS; token: string }
  | { type: typeof OAUTH_ERROR; code: string; message: string; details?: string };

/** GET /_api/auth/config: which sign-in methods this server offers. */
export const ZAuthConfigResponse = z.object({
  googleEnabled: z.boolean(),
  /** The single sign-on button's label (OIDC_NAME); null when OpenID Connect is not configured. */
  oidcName: z.string().nullable(),
});
export type TAuthConfigResponse = z.infer<typeof ZAuthConfigResponse>;
