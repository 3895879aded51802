/**
 * Runs a passport strategy inside a Koa handler and reports what it decided, instead of letting it
 * write an Express response. No sessions: callers pass `session: false` semantics and act on the outcome.
 */
import passport from 'passport';
import type { AppContext } from '../types.ts';

export type PassportOutcome<TUser> =
  | { kind: 'redirect'; location: string }
  | { kind: 'success'; user: TUser }
  | { kind: 'failure'; challenge: unknown }
  | { kind: 'error'; error: unknown };

/** The request a strategy sees; `ctx` lets a state store read and set cookies. */
export interface PassportRequest {
  method: string;
  url: string;
  headers: AppContext['headers'];
  query: AppContext['query'];
  ctx: AppContext;
}

export function runPassport<TUser>(
  authenticator: passport.Authenticator,
  strategy: string,
  ctx: AppContext,
  options: passport.AuthenticateOptions & Record<string, unknown>,
): Promise<PassportOutcome<TUser>> {
  return new Promise((resolve) => {
    const req: PassportRequest = { method: ctx.method, url: ctx.url, headers: ctx.headers, query: ctx.query, ctx };
    let location = '';
    // Strategies only redirect through these three members.
    const res = {
      statusCode: 200,
      setHeader(name: string, value: string) {
        if (name.toLowerCase() === 'location') location = value;
      },
      end() {
        resolve({ kind: 'redirect', location });
      },
    };
    const middleware = authenticator.authenticate(strategy, { ...options, session: false }, (error: unknown, user: unknown, challenge: unknown) => {
      if (error) resolve({ kind: 'error', error });
      else if (user) resolve({ kind: 'success', user: user as TUser });
      else resolve({ kind: 'failure', challenge });
    });
    try {
      middleware(req, res, (error?: unknown) =>
        resolve({ kind: 'error', error: error ?? new Error(`passport strategy "${strategy}" passed without deciding`) }),
      );
    } catch (error) {
      resolve({ kind: 'error', error });
    }
  });
}
