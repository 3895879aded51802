/**
 * One call on one trip, as a route: the preamble every such call shares runs here, in the order the
 * authorization matrix pins: the caller must be signed in (401), the request is checked against its
 * contract (400), the trip is loaded as the caller may see it (404, also for a private trip of someone
 * else), the caller's role is asked (403). Only then does the handler run; what it returns is the
 * response body, typed by the contract. Outline's validate → authorize middleware chain, folded into one
 * step so no handler can skip or reorder one.
 */
import type Router from '@koa/router';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { CallContract, CallRequest, TripRole } from '@caravan/shared';
import { runAsTripCaller, type Trip, type User } from '@caravan/engine';
import { currentUser } from '../middleware/authenticate.ts';
import { authorize, loadTripAccess } from '../policies/tripPolicy.ts';
import type { AppContext, AppState } from '../types.ts';
import { serveCall, type CallAnswer, type CallOptions } from './callRoute.ts';

/** What a handler is handed: the caller, the trip as they may see it, their role on it, the checked request. */
export interface TripCall<Body> {
  user: User;
  trip: Trip;
  role: TripRole | null;
  body: Body;
  ctx: AppContext;
}

/** A policy question of the form "may this role do X" (shared/src/domain/tripPermissions.ts). */
export type TripPermission = (role: TripRole | null) => boolean;

/** A call on one trip: its request names the trip. */
type TripCallContract = CallContract<z.ZodType<{ tripId: string }>>;

/** `tripCall` bound to a router and the app's database: `const tripCall = tripCallsOn(router, dataSource)`. */
export function tripCallsOn(router: Router<AppState>, dataSource: DataSource) {
  return function tripCall<C extends TripCallContract>(
    contract: C,
    can: TripPermission,
    handler: (call: TripCall<CallRequest<C>>) => CallAnswer<C>,
    options: CallOptions = {},
  ): void {
    serveCall(
      router,
      contract,
      async (body, ctx) => {
        const user = currentUser(ctx);
        const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
        authorize(can(role));
        // The role is asked again under the trip's lock by each write the handler makes (engine/src/tripDocs/callerRole.ts).
        return runAsTripCaller({ tripId: trip.id, userId: user.id, may: can }, () => handler({ user, trip, role, body, ctx }));
      },
      options,
    );
  };
}
