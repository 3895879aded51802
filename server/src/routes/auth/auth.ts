/** /_api/auth: password sign-in, registration, the session check and logout. */
import Router from '@koa/router';
import {
  ZEstablishSessionRequest,
  ZLoginRequest,
  ZLogoutRequest,
  ZRegisterRequest,
  messages,
} from '@caravan/shared';
import { passwordAuthenticator } from '../../commands/passwordAuthenticator.ts';
import { sessionCreator } from '../../commands/sessionCreator.ts';
import { sessionEnder } from '../../commands/sessionsEnder.ts';
import { userRegisterer } from '../../commands/userRegisterer.ts';
import { oauthCredentialRedeemer } from '../../commands/oauthCredentialRedeemer.ts';
import type { User } from '../../entities/user.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { input } from '../../lib/input.ts';
import { clearSessionCookie, setSessionCookie } from '../../lib/sessionCookie.ts';
import { presentAuthUser } from '../../presenters/user.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';

export function authRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });
  const { dataSource, loginThrottle } = deps;

  async function signIn(ctx: AppContext, user: User) {
    if (ctx.state.session) await sessionEnder(dataSource, ctx.state.session.tokenHash);
    const token = await sessionCreator(dataSource, { userId: user.id, userAgent: ctx.get('User-Agent'), ip: ctx.ip });
    setSessionCookie(ctx, token);
    return { user: presentAuthUser(user) };
  }

  router.post('/login_with_password', async (ctx) => {
    const body = input(ZLoginRequest, ctx.request.body);
    const user = await passwordAuthenticator(dataSource, loginThrottle, { ...body, ip: ctx.ip });
    ctx.body = await signIn(ctx, user);
  });

  router.post('/register_with_password', async (ctx) => {
    const body = input(ZRegisterRequest, ctx.request.body);
    const user = await userRegisterer(dataSource, body);
    ctx.status = 201;
    ctx.body = await signIn(ctx, user);
  });

  router.post('/establish_session', async (ctx) => {
    const { tempToken } = input(ZEstablishSessionRequest, ctx.request.body);
    const user = await oauthCredentialRedeemer(dataSource, tempToken);
    ctx.body = await signIn(ctx, user);
  });

  router.get('/session', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { user: presentAuthUser(currentUser(ctx)) };
  });

  router.post('/logout', async (ctx) => {
    input(ZLogoutRequest, ctx.request.body);
    if (ctx.state.session) await sessionEnder(dataSource, ctx.state.session.tokenHash);
    clearSessionCookie(ctx);
    ctx.body = { message: messages.auth.loggedOut };
  });

  router.get('/config', async (ctx) => {
    ctx.body = { googleEnabled: deps.config.google !== null };
  });

  return router;
}
