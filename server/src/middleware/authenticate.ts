/**
 * Resolves the session cookie to a user on every request. A session is valid while it is younger than
 * the absolute limit, was used within the idle limit, and its user is active.
 */
import type { DataSource } from 'typeorm';
import type { Middleware } from 'koa';
import { SESSION_IDLE_TIMEOUT_MS, messages } from '@caravan/shared';
import { SessionEntity, type Session } from '../entities/session.ts';
import { UserEntity, type User } from '../entities/user.ts';
import { AppError } from '../lib/appError.ts';
import { hashToken } from '../lib/tokens.ts';
import { clearSessionCookie, SESSION_COOKIE } from '../lib/sessionCookie.ts';
import type { AppContext, AppState } from '../types.ts';

/** Writing last_seen_at on every call would cost a write per request; a minute's precision is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export async function findSessionUser(
  dataSource: DataSource,
  token: string,
): Promise<{ session: Session; user: User } | null> {
  const session = await dataSource.getRepository(SessionEntity).findOneBy({ tokenHash: hashToken(token) });
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS <= now) {
    return null;
  }
  const user = await dataSource.getRepository(UserEntity).findOneBy({ id: session.userId });
  if (!user || user.status !== 'active') return null;
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await dataSource.getRepository(SessionEntity).update({ tokenHash: session.tokenHash }, { lastSeenAt: new Date(now) });
  }
  return { session, user };
}

export function authenticate(dataSource: DataSource): Middleware<AppState> {
  return async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const found = await findSessionUser(dataSource, token);
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
