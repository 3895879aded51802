/** Two-factor codes: the caller's own on the account page (/_api/account/two_factor*), and the second step of a sign-in. */
import Router from '@koa/router';
import { calls, messages } from '@caravan/shared';
import { readSignInSettings, secondFactorsOf } from '@caravan/engine';
import { secondStepCompleter } from '../../commands/secondStepCompleter.ts';
import { totpSetupStarter } from '../../commands/totpSetupStarter.ts';
import { backupCodesRegenerator, totpDisabler, totpEnabler } from '../../commands/twoFactorSettings.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { finishSignIn } from '../auth/firstFactor.ts';

export function twoFactorRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const { dataSource } = deps;

  serveCall(router, calls.twoFactor.status, async (_body, ctx) => {
    const [factors, settings] = await Promise.all([secondFactorsOf(dataSource, currentUser(ctx).id), readSignInSettings(dataSource)]);
    return {
      totp: { enabled: factors.totp, backupCodesLeft: factors.totp ? factors.backupCodesLeft : 0 },
      passkeys: factors.passkeys,
      required: settings.requireSecondFactor,
    };
  });

  serveCall(router, calls.twoFactor.setup, (_body, ctx) => totpSetupStarter(dataSource, deps.totpSecrets, currentUser(ctx)));

  serveCall(router, calls.twoFactor.enable, async ({ code }, ctx) => ({
    backupCodes: await totpEnabler(deps, currentUser(ctx), { code, ip: ctx.ip }),
  }));

  serveCall(router, calls.twoFactor.regenerateBackupCodes, async ({ code }, ctx) => ({
    backupCodes: await backupCodesRegenerator(deps, currentUser(ctx), { code, ip: ctx.ip }),
  }));

  serveCall(router, calls.twoFactor.disable, async ({ code }, ctx) => {
    await totpDisabler(deps, currentUser(ctx), { code, ip: ctx.ip });
    return { message: messages.twoFactor.disabled };
  });

  // The second step answers callers who are not signed in yet: no guard.
  serveCall(
    router,
    calls.twoFactor.signIn,
    async ({ token, code }, ctx) => {
      const { user, link } = await secondStepCompleter(deps, { token, code, ip: ctx.ip });
      return finishSignIn(deps, ctx, user, link);
    },
    { guard: [] },
  );

  return router;
}
