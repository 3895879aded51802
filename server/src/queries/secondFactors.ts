/** What second factors an account has: its authenticator app (confirmed or not), backup codes left, passkeys. */
import type { DataSource, EntityManager } from 'typeorm';

export interface TotpFactor {
  secret: string;
  /** Null until a code made from the secret came back: the app is not in use yet. */
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export async function totpFactorOf(db: DataSource | EntityManager, userId: number): Promise<TotpFactor | null> {
  const [row]: { secret: string; enabled_at: Date | null; last_used_step: string | null }[] = await db.query(
    `SELECT secret, enabled_at, last_used_step FROM totp_factors WHERE user_id = $1`,
    [userId],
  );
  if (!row) return null;
  return { secret: row.secret, enabledAt: row.enabled_at, lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step) };
}

export interface SecondFactors {
  totp: boolean;
  passkeys: number;
  backupCodesLeft: number;
}

export async function secondFactorsOf(db: DataSource | EntityManager, userId: number): Promise<SecondFactors> {
  const [row]: { totp: boolean; passkeys: number; backup_codes_left: number }[] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND enabled_at IS NOT NULL) AS totp,
            (SELECT count(*)::int FROM passkeys WHERE user_id = $1) AS passkeys,
            (SELECT count(*)::int FROM totp_backup_codes WHERE user_id = $1 AND used_at IS NULL) AS backup_codes_left`,
    [userId],
  );
  return { totp: row.totp, passkeys: row.passkeys, backupCodesLeft: row.backup_codes_left };
}

export const hasSecondFactor = (factors: SecondFactors): boolean => factors.totp || factors.passkeys > 0;
