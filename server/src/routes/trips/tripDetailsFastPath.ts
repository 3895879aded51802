/**
 * /_api/trips/details matched before the general chain: the trip page's most frequent call skips the dozens of
 * routers every other call is matched through, and runs exactly the middleware the general chain would run for it
 * (middleware/requestChain.ts: the same request id and log line, error answers, headers, cross-site guard, session,
 * second-factor gate and body limits), then requireUser and the call's one handler. So its contract, statuses and
 * error texts are the general chain's; a request this does not match (another method or path) goes on to it.
 *
 * The match is one test and the chain is composed once: a router would match its one route and compose the chain
 * again on every request.
 */
import compose from 'koa-compose';
import type { Middleware } from 'koa';
import { calls } from '@caravan/shared';
import { requireUser } from '../../middleware/authenticate.ts';
import { apiMiddleware, responseMiddleware } from '../../middleware/requestChain.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripDetailsAnswer } from './tripDetailsAnswer.ts';

/** The forms of the path the routers take: any case, a trailing slash. */
const DETAILS_PATH = new RegExp(`^/_api${calls.trips.details.path}/?$`, 'i');

export function tripDetailsFastPath(deps: AppDeps): Middleware<AppState> {
  const chain = compose<Parameters<Middleware<AppState>>[0]>([
    ...responseMiddleware(deps),
    ...apiMiddleware(deps),
    requireUser,
    tripDetailsAnswer(deps),
  ]);
  return (ctx, next) => (ctx.method === calls.trips.details.method && DETAILS_PATH.test(ctx.path) ? chain(ctx) : next());
}
