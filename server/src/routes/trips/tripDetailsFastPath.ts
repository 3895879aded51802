/**
 * /_api/trips/details matched before the general chain: the trip page's most frequent call skips the dozens of
 * routers every other call is matched through, and runs exactly the middleware the general chain would run for it
 * (middleware/requestChain.ts: the same request id and log line, error answers, headers, cross-site guard, session,
 * second-factor gate and body limits), then requireUser and the call's one handler. So its contract, statuses and
 * error texts are the general chain's; a request this router does not match (another method or path) goes on to it.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { calls } from '@caravan/shared';
import { requireUser } from '../../middleware/authenticate.ts';
import { apiMiddleware, responseMiddleware } from '../../middleware/requestChain.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { routeCall } from '../callRoute.ts';
import { tripDetailsAnswer } from './tripDetailsAnswer.ts';

export function tripDetailsFastPath(deps: AppDeps): Middleware<AppState> {
  const router = new Router<AppState>({ prefix: '/_api' });
  routeCall(router, calls.trips.details, ...responseMiddleware(deps), ...apiMiddleware(deps), requireUser, tripDetailsAnswer(deps));
  return router.routes() as Middleware<AppState>;
}
