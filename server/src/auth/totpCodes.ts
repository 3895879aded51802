/**
 * Codes from an authenticator app (RFC 6238 TOTP through otplib: SHA-1, 6 digits, 30 s steps, as every app makes
 * them). A code is taken one step either side of now, for clocks a little apart, and only for a time step later
 * than the last one accepted for the account: no code works twice.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import { TOTP_ISSUER } from '@caravan/shared';

/** Half a minute either side: the step before and the step after now. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

/** What the QR code holds: the app names the account by the member's e-mail, under the site's name. */
export const totpUri = (secret: string, email: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** The 6 digits of an app's code, without the spaces or dash people type into it; null for anything else. */
export function totpDigits(code: string): string | null {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The time step `digits` was made for, when it is right and later than `afterStep`; null otherwise. */
export async function acceptedTotpStep(secret: string, digits: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: digits,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
