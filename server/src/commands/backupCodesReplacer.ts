/** Replaces an account's backup codes with ten new ones; only their hashes are kept, the codes go to the member once. */
import type { DataSource, EntityManager } from 'typeorm';
import { newBackupCodes } from '../auth/backupCodes.ts';

export async function backupCodesReplacer(db: DataSource | EntityManager, userId: number): Promise<string[]> {
  const { shown, stored } = await newBackupCodes();
  await db.query(`DELETE FROM totp_backup_codes WHERE user_id = $1`, [userId]);
  await db.query(
    `INSERT INTO totp_backup_codes (user_id, lookup, code_hash) SELECT $1, lookup, code_hash FROM unnest($2::text[], $3::text[]) AS codes(lookup, code_hash)`,
    [userId, stored.map((code) => code.lookup), stored.map((code) => code.codeHash)],
  );
  return shown;
}
