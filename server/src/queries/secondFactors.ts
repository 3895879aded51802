/** An account's authenticator app (confirmed or not); what second factors it has at all is engine's `secondFactorsOf`. */
import type { DataSource, EntityManager } from 'typeorm';

export interface TotpFactor {
  /** As stored: sealed (AppDeps.totpSecrets opens it). */
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
