/** Passkeys: the caller's own on the account page (/_api/account/passkeys*), and signing in with one (/_api/auth/*passkey*). */
import Router from '@koa/router';
import { calls, messages } from '@caravan/shared';
import { passkeyParty } from '../../auth/passkeyParty.ts';
import { readDeviceCookie } from '../../auth/deviceCookie.ts';
import { passkeyAuthenticator } from '../../commands/passkeyAuthenticator.ts';
import { passkeyRegisterer } from '../../commands/passkeyRegisterer.ts';
import { passkeyRegistrationStarter } from '../../commands/passkeyRegistrationStarter.ts';
import { passkeyRemover } from '../../commands/passkeyRemover.ts';
import { passkeyRenamer } from '../../commands/passkeyRenamer.ts';
import { passkeySignInStarter } from '../../commands/passkeySignInStarter.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { presentPasskey } from '../../presenters/passkey.ts';
import { passkeysOf } from '../../queries/passkeys.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { signIn } from '../auth/signIn.ts';

export function passkeyRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const { dataSource } = deps;
  // Read per call: tests set PUBLIC_ORIGIN once the server knows its port.
  const withParty = () => ({ dataSource, party: passkeyParty(deps.config.publicOrigin) });

  serveCall(router, calls.passkeys.list, async (_body, ctx) => ({
    passkeys: (await passkeysOf(dataSource, currentUser(ctx).id)).map(presentPasskey),
  }));

  serveCall(router, calls.passkeys.registrationOptions, async (_body, ctx) => ({
    options: await passkeyRegistrationStarter(withParty(), currentUser(ctx)),
  }));

  serveCall(
    router,
    calls.passkeys.register,
    async (body, ctx) => ({ passkey: presentPasskey(await passkeyRegisterer(withParty(), currentUser(ctx), body)) }),
    { status: 201 },
  );

  serveCall(router, calls.passkeys.rename, async (body, ctx) => ({
    passkey: presentPasskey(await passkeyRenamer(dataSource, currentUser(ctx), body)),
  }));

  serveCall(router, calls.passkeys.remove, async (body, ctx) => {
    await passkeyRemover(dataSource, currentUser(ctx), body);
    return { message: messages.passkeys.removed };
  });

  // Signing in answers callers who are not signed in: no guard.
  const anyone = { guard: [] };

  serveCall(router, calls.passkeys.signInOptions, async (_body, ctx) => ({ options: await passkeySignInStarter(withParty(), { ip: ctx.ip }) }), anyone);

  serveCall(
    router,
    calls.passkeys.signIn,
    async (body, ctx) =>
      signIn(
        deps,
        ctx,
        await passkeyAuthenticator(
          { ...withParty(), loginThrottle: deps.loginThrottle },
          { credential: body.credential, ip: ctx.ip, deviceCookie: readDeviceCookie(ctx) },
        ),
      ),
    anyone,
  );

  return router;
}
