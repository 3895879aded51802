/** /_api/auth: password sign-in, registration, the session check and logout. */
import Router from '@koa/router';
import { calls, messages } from '@caravan/shared';
import { passwordAuthenticator } from '../../commands/passwordAuthenticator.ts';
import { sessionEnder } from '../../commands/sessionsEnder.ts';
import { userRegisterer } from '../../commands/userRegisterer.ts';
import { oauthCredentialRedeemer } from '../../commands/oauthCredentialRedeemer.ts';
import type { User } from '@caravan/engine';
import { currentUser } from '../../middleware/authenticate.ts';
import { readDeviceCookie } from '../../auth/deviceCookie.ts';
import { clearSessionCookie } from '../../auth/sessionCookie.ts';
import { signIn as startSession } from './signIn.ts';
import { firstFactorPassed } from './firstFactor.ts';
import { secondFactorSetupFor } from '../../auth/secondStep.ts';
import { presentAuthUser } from '../../presenters/user.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function authRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  // Every auth call answers callers who are not signed in: no guard.
  const anyone = { guard: [] };
  const { dataSource } = deps;

  const signIn = (ctx: AppContext, user: User) => startSession(deps, ctx, user);

  serveCall(
    router,
    calls.auth.login,
    async (body, ctx) => {
      const user = await passwordAuthenticator(deps, { ...body, ip: ctx.ip, deviceCookie: readDeviceCookie(ctx) });
      // The password is the member's consent to link the single sign-on identity this browser was just refused with,
      // made once the sign-in finishes (after its second factor, when the account asks for one).
      const link = deps.pendingLinks.read(ctx);
      if (link) deps.pendingLinks.clear(ctx);
      return firstFactorPassed(deps, ctx, user, link);
    },
    anyone,
  );

  serveCall(router, calls.auth.register, async (body, ctx) => signIn(ctx, await userRegisterer(dataSource, body)), {
    ...anyone,
    status: 201,
  });

  serveCall(
    router,
    calls.auth.establishSession,
    async (body, ctx) => firstFactorPassed(deps, ctx, await oauthCredentialRedeemer(dataSource, body)),
    anyone,
  );

  serveCall(
    router,
    calls.auth.session,
    async (_body, ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const user = currentUser(ctx);
      // Said only when the administrator's requirement asks something of this account: otherwise the answer is as ever.
      const secondFactorSetup = await secondFactorSetupFor(dataSource, user.id);
      return { user: { ...presentAuthUser(user), ...(secondFactorSetup ? { secondFactorSetup } : {}) } };
    },
    anyone,
  );

  serveCall(
    router,
    calls.auth.logout,
    async (_body, ctx) => {
      if (ctx.state.session) await sessionEnder(dataSource, ctx.state.session);
      clearSessionCookie(ctx);
      return { message: messages.auth.loggedOut };
    },
    anyone,
  );

  serveCall(
    router,
    calls.auth.config,
    () => ({ googleEnabled: deps.config.google !== null, oidcName: deps.config.oidc?.name ?? null }),
    anyone,
  );

  return router;
}
