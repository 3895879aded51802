/**
 * The second step of a sign-in: the pending sign-in its token stands for, and a code from the member's app or a
 * backup code. A wrong code counts against the pending sign-in (and the throttle); the right one finishes it, once.
 */
import { messages } from '@caravan/shared';
import { AppError, UserEntity, type User } from '@caravan/engine';
import { failPendingSignIn, findPendingSignIn, finishPendingSignIn } from '../auth/pendingSignIns.ts';
import type { PendingLink } from '../auth/pendingLinkCookie.ts';
import { type CodeCheckDeps, secondFactorCodeChecker } from './secondFactorCodeChecker.ts';

export async function secondStepCompleter(
  deps: CodeCheckDeps,
  { token, code, ip }: { token: string; code: string; ip: string },
): Promise<{ user: User; link: PendingLink | null }> {
  const { dataSource } = deps;
  const expired = () => new AppError('unauthenticated', messages.twoFactor.signInExpired);
  const pending = await findPendingSignIn(dataSource, token);
  const user = pending && (await dataSource.getRepository(UserEntity).findOneBy({ id: pending.userId }));
  if (!pending || !user) throw expired();
  try {
    await secondFactorCodeChecker(deps, { user, code, ip, refusal: 'unauthenticated' });
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') await failPendingSignIn(dataSource, token);
    throw error;
  }
  if (!(await finishPendingSignIn(dataSource, token))) throw expired();
  if (user.status !== 'active') throw new AppError('forbidden', messages.auth.accountDisabled);
  return { user, link: pending.link };
}
