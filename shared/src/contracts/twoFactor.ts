/**
 * Two-factor codes (TOTP, docs/product.md#two-factor-codes): enrolling an authenticator app from the account page,
 * its backup codes, and the second step of a sign-in, which a password or single sign-on leads to when the
 * account asks for one.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { ZAuthUserResponse } from './auth.ts';
import { requestObject } from './common.ts';

const m = messages.twoFactor;

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Caravan';
/** Backup codes handed out at once; each signs in once, in place of a code from the app. */
export const BACKUP_CODE_COUNT = 10;
/** How long the second step of a sign-in may be answered after the first. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in takes before the member must start again from the password. */
export const PENDING_SIGN_IN_MAX_ATTEMPTS = 5;

/** A code from the app (6 digits) or a backup code; spaces and dashes as people type them are allowed. */
const code = () => z.string({ error: m.codeRequired }).trim().min(1, m.codeRequired).max(40, m.codeRequired);

export const ZSecondFactorCodeRequest = requestObject({ code: code() });
export const ZSecondFactorSignInRequest = requestObject({
  token: z.string({ error: m.signInExpired }).min(1, m.signInExpired).max(100, m.signInExpired),
  code: code(),
});

export const ZSecondFactorMethod = z.enum(['totp', 'passkey']);
/**
 * The first factor passed, the account asks for a second: no session yet, only a single-use token for the
 * second step (totp: a code; passkey: the member's passkey, which signs in on its own).
 */
export const ZSecondFactorChallenge = z.object({
  secondFactor: z.object({ token: z.string(), methods: z.array(ZSecondFactorMethod) }),
});
/** What a password or single sign-on answers: the signed-in user, or the second step it still needs. */
export const ZSignInResponse = z.union([ZAuthUserResponse, ZSecondFactorChallenge]);

export const ZTwoFactorStatusResponse = z.object({
  totp: z.object({ enabled: z.boolean(), backupCodesLeft: z.number() }),
  passkeys: z.number(),
  /** Whether the administrator requires a second factor of every account. */
  required: z.boolean(),
});

export const ZTotpSetupRequest = requestObject({});
/** A new secret, not yet in use: the app scans the QR code (an SVG image) or takes the secret typed in. */
export const ZTotpSetupResponse = z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeSvg: z.string() });
/** Shown once: only their hashes are kept. */
export const ZBackupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
export const ZTwoFactorMessageResponse = z.object({ message: z.string() });

export type TSecondFactorMethod = z.infer<typeof ZSecondFactorMethod>;
export type TSecondFactorChallenge = z.infer<typeof ZSecondFactorChallenge>;
export type TSignInResponse = z.infer<typeof ZSignInResponse>;
export type TTwoFactorStatusResponse = z.infer<typeof ZTwoFactorStatusResponse>;
export type TTotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;
