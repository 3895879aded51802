/**
 * A REST call's right to write a trip, held again under the trip's row lock. The route reads the caller's role
 * before its command waits for the lock; a role change or removal that commits meanwhile (it takes the same lock)
 * must still stop the write, as the live door's commit stops a demoted member's (collab-server/src/writerRoles.ts).
 * The route runs its handler as the trip's caller (`runAsTripCaller`); every write that handler makes to that trip
 * in that caller's name reads the role again once it holds the lock and asks the route's own question of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import { messages, type TTripRole } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';
import { findTripRoles } from '../tripRole.ts';
import { originUserId, type ChangeOrigin } from './origins.ts';

export interface TripCaller {
  tripId: string;
  userId: number;
  /** The route's question: may this role make the call. */
  may: (role: TTripRole | null) => boolean;
}

const callers = new AsyncLocalStorage<TripCaller>();

export function runAsTripCaller<T>(caller: TripCaller, run: () => T): T {
  return callers.run({ ...caller, tripId: caller.tripId.toLowerCase() }, run);
}

/**
 * Throws 403 when the write is the caller's own on their call's trip and their role now refuses the call. Answers the
 * role it read (the write's own code may use it rather than read it again), or undefined when it read none.
 */
export async function holdCallerRole(manager: EntityManager, tripId: string, origin: ChangeOrigin): Promise<TTripRole | undefined> {
  const caller = callers.getStore();
  if (!caller || caller.tripId !== tripId || originUserId(origin) !== caller.userId) return undefined;
  const role = (await findTripRoles(manager, tripId, [caller.userId])).get(caller.userId) ?? null;
  if (!caller.may(role)) throw new AppError('forbidden', messages.common.forbidden);
  return role ?? undefined;
}
