/**
 * One call on one trip, as a route: the preamble every such call shares runs here, in the order the
 * authorization matrix pins: the request is checked against its contract (400), the trip is loaded as
 * the caller may see it (404, also for a private trip of someone else), the caller's role is asked
 * (403). Only then does the handler run; what it returns is the response body. Outline's
 * validate → authorize middleware chain, folded into one step so no handler can skip or reorder one.
 */
import type { Middleware } from 'koa';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { Trip } from '../entities/trip.ts';
import type { User } from '../entities/user.ts';
import { input } from '../lib/input.ts';
import { currentUser } from '../middleware/authenticate.ts';
import { authorize, loadTripAccess, type TripRole } from '../policies/tripPolicy.ts';
import type { AppContext, AppState } from '../types.ts';

/** What a handler is handed: the caller, the trip as they may see it, their role on it, the checked request. */
export interface TripCall<Body> {
  user: User;
  trip: Trip;
  role: TripRole | null;
  body: Body;
  ctx: AppContext;
}

/** A policy question of the form "may this role do X" (policies/tripPolicy.ts). */
export type TripPermission = (role: TripRole | null) => boolean;

export interface TripCallOptions {
  /** The status of a successful answer, when it is not 200 (201 for a call that creates). */
  status?: number;
}

type TripRequestSchema = z.ZodType<{ tripId: string }>;

/** `tripCall` bound to the app's database: `const tripCall = tripCalls(dataSource)` once per router. */
export function tripCalls(dataSource: DataSource) {
  return function tripCall<S extends TripRequestSchema>(
    schema: S,
    can: TripPermission,
    handler: (call: TripCall<z.infer<S>>) => unknown,
    options: TripCallOptions = {},
  ): Middleware<AppState> {
    return async (ctx) => {
      // A GET carries its request in the query string, every other call in its JSON body.
      const body = input(schema, ctx.method === 'GET' ? { ...ctx.query } : ctx.request.body);
      const user = currentUser(ctx);
      const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
      authorize(can(role));
      const answer = await handler({ user, trip, role, body, ctx });
      if (options.status) ctx.status = options.status;
      ctx.body = answer;
    };
  };
}
