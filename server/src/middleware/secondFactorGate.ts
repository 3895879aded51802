/**
 * Once the administrator's grace is over, a member without a second factor may sign in only to set one up: every
 * call but the sign-in, account and configuration ones answers 403 until they have a passkey or two-factor codes.
 * While the requirement is off this costs a cached read (engine/src/signInSettings.ts); the collab server's
 * admission asks the same question (`mustSetUpSecondFactor`).
 */
import type { DataSource } from 'typeorm';
import type { Middleware } from 'koa';
import { messages } from '@caravan/shared';
import { AppError, mustSetUpSecondFactor } from '@caravan/engine';
import type { AppState } from '../types.ts';

/** What a member needs to set a second factor up (their passkeys and codes live under /account), and to sign out. */
const SETUP_PATHS = /^\/_api\/(auth|account)\/|^\/_api\/config$/;

export function secondFactorGate(dataSource: DataSource): Middleware<AppState> {
  return async (ctx, next) => {
    const user = ctx.state.user;
    if (user && !SETUP_PATHS.test(ctx.path)) {
      if (await mustSetUpSecondFactor(dataSource, user.id)) throw new AppError('forbidden', messages.twoFactor.setupRequired);
    }
    await next();
  };
}
