/**
 * Sets a new password from an e-mailed reset link: the token must be unused and unexpired, and using it uses
 * up every other link of the account and ends all its sessions (whoever held the old password is out).
 */
import type { DataSource } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError, UserEntity, hashToken } from '@caravan/engine';
import { hashPassword } from '../auth/passwords.ts';
import { announceAccessChange } from '../lib/accessChanges.ts';
import { userSessionsEnder } from './sessionsEnder.ts';

/** Returns the account whose password it set. */
export async function passwordResetRedeemer(dataSource: DataSource, { token, newPassword }: { token: string; newPassword: string }): Promise<number> {
  // Hashed first, so a bad link and a good one take about the same time.
  const passwordHash = await hashPassword(newPassword);
  const userId = await dataSource.transaction(async (manager) => {
    // One statement both checks and uses the token: two requests with the same link cannot both pass.
    // TypeORM answers an UPDATE … RETURNING with [rows, affectedCount].
    const [[used]]: [{ user_id: number }[], number] = await manager.query(
      `UPDATE password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashToken(token)],
    );
    if (!used) throw new AppError('validation', messages.account.resetLinkInvalid);
    await manager.getRepository(UserEntity).update({ id: used.user_id }, { passwordHash });
    await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [used.user_id]);
    await userSessionsEnder(manager, { userId: used.user_id });
    return used.user_id;
  });
  announceAccessChange({ kind: 'userChanged', userId });
  return userId;
}
