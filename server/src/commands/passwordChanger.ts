/**
 * Changes the caller's password once the current one checks out (under the login throttle: a stolen session
 * must not become a way to guess the password). Every other session of the account ends, and any reset link
 * still outstanding dies with the old password; the session that asked stays signed in.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError, UserEntity, type Session, type User } from '@caravan/engine';
import type { LoginThrottle } from '../auth/loginThrottle.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { announceAccessChange } from '../lib/accessChanges.ts';

export async function passwordChanger(
  { dataSource, loginThrottle }: { dataSource: DataSource; loginThrottle: LoginThrottle },
  caller: { user: User; session: Session },
  params: { currentPassword: string; newPassword: string; ip: string; deviceCookie: string | undefined },
): Promise<void> {
  // The session cache may hold the account from before another password change: read the hash afresh.
  const user = await dataSource.getRepository(UserEntity).findOneByOrFail({ id: caller.user.id });
  const attempt = await loginThrottle.admit({ email: user.email, ip: params.ip, deviceCookie: params.deviceCookie });
  if (!(await verifyPassword(user.passwordHash, params.currentPassword))) {
    throw new AppError('forbidden', messages.account.currentPasswordWrong);
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(params.newPassword);
  await dataSource.transaction(async (manager) => {
    await manager.getRepository(UserEntity).update({ id: user.id }, { passwordHash });
    await manager.query(`DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, [user.id, caller.session.tokenHash]);
    await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [user.id]);
  });
  announceAccessChange({ kind: 'userChanged', userId: user.id });
}
