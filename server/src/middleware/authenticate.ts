/**
 * Resolves the session cookie to a user on every request (the lookup itself: ../lib/sessionLookup.ts);
 * a cookie whose session is gone is cleared.
 */
import type { DataSource } from 'typeorm';
import type { Middleware } from 'koa';
import { messages } from '@caravan/shared';
import { AppError, findSessionUser, SESSION_COOKIE, type SessionCache, type User } from '@caravan/engine';
import { clearSessionCookie } from '../auth/sessionCookie.ts';
import type { AppContext, AppState } from '../types.ts';

export function authenticate(dataSource: DataSource, cache?: SessionCache): Middleware<AppState> {
  return async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const found = await findSessionUser(dataSource, token, cache);
      if (found) {
        ctx.state.session = found.session;
        ctx.state.user = found.user;
      } else {
        clearSessionCookie(ctx);
      }
    }
    await next();
  };
}

export function currentUser(ctx: AppContext): User {
  if (!ctx.state.user) throw new AppError('unauthenticated', messages.auth.notAuthenticated);
  return ctx.state.user;
}

export const requireUser: Middleware<AppState> = async (ctx, next) => {
  currentUser(ctx);
  await next();
};

export const requireAdmin: Middleware<AppState> = async (ctx, next) => {
  if (currentUser(ctx).role !== 'admin') throw new AppError('forbidden', messages.admin.accessDeniedBody);
  await next();
};
