/**
 * Registering a call from its shared contract: the route sits at the contract's method and path, its
 * request is checked against the contract (400), and what its handler returns must type-check against
 * the contract's response, at no runtime cost.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { CallContract, CallRequest, CallResponse } from '@caravan/shared';
import { input } from '../lib/input.ts';
import { requireUser } from '../middleware/authenticate.ts';
import type { AppContext, AppState } from '../types.ts';

/** A handler's answer for a contract: its response body, or a promise of it. */
export type CallAnswer<C extends CallContract> = CallResponse<C> | Promise<CallResponse<C>>;

export interface CallOptions {
  /** The status of a successful answer, when it is not 200 (201 for a call that creates). */
  status?: number;
}

export interface ServeOptions extends CallOptions {
  /**
   * What runs before the request is read: by default requireUser (401 for callers who are not signed in);
   * `[]` for a call anyone may make.
   */
  guard?: Middleware<AppState>[];
}

/** Puts the middleware on the router at the contract's method and path (full paths: the routers have no prefix). */
export function routeCall(router: Router<AppState>, contract: CallContract, ...middleware: Middleware<AppState>[]): void {
  if (contract.method === 'GET') router.get(contract.path, ...middleware);
  else router.post(contract.path, ...middleware);
}

/** The handler of one call: it gets the checked request and answers the contract's response. */
function answerCall<C extends CallContract>(
  contract: C,
  handler: (body: CallRequest<C>, ctx: AppContext) => CallAnswer<C>,
  options: CallOptions = {},
): Middleware<AppState> {
  return async (ctx) => {
    // A GET carries its request in the query string, every other call in its JSON body.
    const body = input<C['request']>(contract.request, ctx.method === 'GET' ? { ...ctx.query } : ctx.request.body);
    const answer = await handler(body, ctx);
    if (options.status) ctx.status = options.status;
    ctx.body = answer;
  };
}

/** Registers a call at its contract's method and path: its guard (signed-in callers by default), then the handler. */
export function serveCall<C extends CallContract>(
  router: Router<AppState>,
  contract: C,
  handler: (body: CallRequest<C>, ctx: AppContext) => CallAnswer<C>,
  { guard = [requireUser], ...options }: ServeOptions = {},
): void {
  routeCall(router, contract, ...guard, answerCall(contract, handler, options));
}
