/** The caller's own account (/_api/account/*) and "Forgot password?" (/_api/auth/forgot_password, /_api/auth/reset_password). */
import Router from '@koa/router';
import { calls, messages } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { passwordChanger } from '../../commands/passwordChanger.ts';
import { passwordResetRedeemer } from '../../commands/passwordResetRedeemer.ts';
import { passwordResetRequester } from '../../commands/passwordResetRequester.ts';
import { profileUpdater } from '../../commands/profileUpdater.ts';
import { readDeviceCookie } from '../../auth/deviceCookie.ts';
import { clearSessionCookie } from '../../auth/sessionCookie.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { presentAuthUser } from '../../presenters/user.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function accountRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const { dataSource } = deps;
  // The reset calls are for people who cannot sign in: no guard.
  const anyone = { guard: [] };

  serveCall(router, calls.account.updateProfile, async (body, ctx) => ({
    user: presentAuthUser(await profileUpdater(dataSource, currentUser(ctx), body)),
  }));

  serveCall(router, calls.account.changePassword, async (body, ctx) => {
    const session = ctx.state.session;
    if (!session) throw new AppError('unauthenticated', messages.auth.notAuthenticated);
    await passwordChanger(deps, { user: currentUser(ctx), session }, { ...body, ip: ctx.ip, deviceCookie: readDeviceCookie(ctx) });
    return { message: messages.account.passwordChanged };
  });

  serveCall(
    router,
    calls.auth.forgotPassword,
    async (body, ctx) => {
      await passwordResetRequester({ ...deps, publicOrigin: deps.config.publicOrigin }, { email: body.email, ip: ctx.ip });
      return { message: messages.account.resetRequested };
    },
    anyone,
  );

  serveCall(
    router,
    calls.auth.resetPassword,
    async (body, ctx) => {
      const userId = await passwordResetRedeemer(dataSource, body);
      // Every session of the account ended, this browser's too if it held one.
      if (ctx.state.user?.id === userId) clearSessionCookie(ctx);
      return { message: messages.account.passwordReset };
    },
    anyone,
  );

  return router;
}
