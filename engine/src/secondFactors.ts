/**
 * What second factors an account has, and whether the administrator's requirement now keeps it to setting one up
 * (./signInSettings.ts): the API's gate and the collab server's admission ask the same question.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { readSignInSettings, secondFactorDeadline } from './signInSettings.ts';

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

/** Past the requirement's grace without a passkey or codes: such a member may sign in only to set one up. */
export async function mustSetUpSecondFactor(dataSource: DataSource, userId: number, now = Date.now()): Promise<boolean> {
  const deadline = secondFactorDeadline(await readSignInSettings(dataSource));
  return deadline !== null && deadline.getTime() <= now && !hasSecondFactor(await secondFactorsOf(dataSource, userId));
}
