/** Starting a session for a user who proved who they are, whichever way they signed in. */
import type { User } from '@caravan/engine';
import { sessionCreator } from '../../commands/sessionCreator.ts';
import { sessionEnder } from '../../commands/sessionsEnder.ts';
import { presentAuthUser } from '../../presenters/user.ts';
import type { AppContext, AppDeps } from '../../types.ts';
import { setDeviceCookie } from '../../auth/deviceCookie.ts';
import { setSessionCookie } from '../../auth/sessionCookie.ts';

export async function signIn({ dataSource, deviceCookies }: Pick<AppDeps, 'dataSource' | 'deviceCookies'>, ctx: AppContext, user: User) {
  if (ctx.state.session) await sessionEnder(dataSource, ctx.state.session);
  const token = await sessionCreator(dataSource, { userId: user.id, userAgent: ctx.get('User-Agent'), ip: ctx.ip });
  setSessionCookie(ctx, token);
  // This browser now holds the account: its own sign-ins are throttled apart from everyone else's.
  setDeviceCookie(ctx, deviceCookies.issue(user.email));
  return { user: presentAuthUser(user) };
}
