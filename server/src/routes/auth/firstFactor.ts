/**
 * After the first factor of a sign-in: a session when the account asks for nothing more (the answers of a plain
 * password or Google sign-in stay exactly as they were), otherwise a pending sign-in and the second step it needs.
 */
import type { TSignInResponse } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { startPendingSignIn } from '../../auth/pendingSignIns.ts';
import type { PendingLink } from '../../auth/pendingLinkCookie.ts';
import { secondStepMethods } from '../../auth/secondStep.ts';
import { oauthAccountLinker } from '../../commands/oauthAccountLinker.ts';
import type { AppContext, AppDeps } from '../../types.ts';
import { signIn } from './signIn.ts';

export async function firstFactorPassed(
  deps: Pick<AppDeps, 'dataSource' | 'deviceCookies'>,
  ctx: AppContext,
  user: User,
  link: PendingLink | null = null,
): Promise<TSignInResponse> {
  const methods = await secondStepMethods(deps.dataSource, user.id);
  if (methods) return { secondFactor: { token: await startPendingSignIn(deps.dataSource, { userId: user.id, link }), methods } };
  return finishSignIn(deps, ctx, user, link);
}

/** Both factors passed (or the one asked): the linking the password consented to, then the session. */
export async function finishSignIn(deps: Pick<AppDeps, 'dataSource' | 'deviceCookies'>, ctx: AppContext, user: User, link: PendingLink | null) {
  if (link) await oauthAccountLinker(deps.dataSource, { link, user });
  return signIn(deps, ctx, user);
}
