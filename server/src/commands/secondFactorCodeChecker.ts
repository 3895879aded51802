/**
 * Checks a code from the member's authenticator app, or one of their backup codes, under the login throttle (its
 * second-factor scope). An app's code is taken only for a time step later than the last accepted one, a backup code
 * only once: both are claimed by a conditional UPDATE, so two requests with the same code cannot both pass.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError, type SecretBox, type User } from '@caravan/engine';
import type { LoginThrottle } from '../auth/loginThrottle.ts';
import { backupCodeInput, backupCodeMatches, lookupOf } from '../auth/backupCodes.ts';
import { acceptedTotpStep, totpDigits } from '../auth/totpCodes.ts';
import { totpFactorOf } from '../queries/secondFactors.ts';

export type CodeKind = 'totp' | 'backup';

/** What checking a code needs: the database, the throttle, and the box the app's secret is sealed in. */
export type CodeCheckDeps = { dataSource: DataSource; loginThrottle: LoginThrottle; totpSecrets: SecretBox };

export interface CodeCheck {
  user: User;
  code: string;
  ip: string;
  /** The secret of an enrolment not yet confirmed may be checked too (its first code confirms it). */
  unconfirmed?: boolean;
  /** The refusal's kind: a sign-in's second step is 401; a signed-in member's own settings, 400. */
  refusal: 'unauthenticated' | 'validation';
}

export async function secondFactorCodeChecker(
  { dataSource, loginThrottle, totpSecrets }: CodeCheckDeps,
  { user, code, ip, unconfirmed = false, refusal }: CodeCheck,
): Promise<CodeKind> {
  const attempt = await loginThrottle.admit({ email: user.email, ip, deviceCookie: undefined, scope: 'second_factor' });
  const kind = await claimCode(dataSource, totpSecrets, user.id, code, unconfirmed);
  if (!kind) throw new AppError(refusal, messages.twoFactor.codeWrong);
  await attempt.succeeded();
  return kind;
}

async function claimCode(dataSource: DataSource, totpSecrets: SecretBox, userId: number, code: string, unconfirmed: boolean): Promise<CodeKind | null> {
  const factor = await totpFactorOf(dataSource, userId);
  if (!factor || (!factor.enabledAt && !unconfirmed)) return null;
  const digits = totpDigits(code);
  if (digits) {
    // A secret sealed under a lost key opens to nothing: no app code passes, backup codes still do.
    const secret = totpSecrets.open(factor.secret);
    const step = secret === null ? null : await acceptedTotpStep(secret, digits, factor.lastUsedStep);
    if (step === null) return null;
    const [, claimed]: [unknown, number] = await dataSource.query(
      `UPDATE totp_factors SET last_used_step = $2 WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)`,
      [userId, step],
    );
    return claimed === 1 ? 'totp' : null;
  }
  const typed = backupCodeInput(code);
  if (!typed || !factor.enabledAt) return null;
  const candidates: { id: number; code_hash: string }[] = await dataSource.query(
    `SELECT id, code_hash FROM totp_backup_codes WHERE user_id = $1 AND lookup = $2 AND used_at IS NULL`,
    [userId, lookupOf(typed)],
  );
  for (const candidate of candidates) {
    if (!(await backupCodeMatches(candidate.code_hash, typed))) continue;
    const [, claimed]: [unknown, number] = await dataSource.query(
      `UPDATE totp_backup_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL`,
      [candidate.id],
    );
    return claimed === 1 ? 'backup' : null;
  }
  return null;
}
