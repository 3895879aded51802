/**
 * "Optimise route" (docs/product.md#optimise-route): /_api/trips/stops/optimise-route proposes the stop order
 * with the least total drive time and writes nothing; the client applies the proposal to the live document as
 * one undoable change.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { LEG_SOURCES } from '../road/driveLeg.ts';
import { requestObject, stopIdInput, tripId } from './common.ts';

const m = messages.routeOptimisation;

/** A bound on the request only: the server refuses any id that is not one of the trip's stops. */
export const MAX_PINNED_STOP_IDS = 2000;

export const ZOptimiseRouteRequest = requestObject({
  tripId: tripId(),
  /** Keep the trip's last stop last (a trip that ends where it must, at home or an airport). */
  endAtLast: z.boolean({ error: m.invalidEndAtLast }).default(false),
  /** Stops the user pinned: they keep their places. Visited stops and stops without a position keep theirs anyway. */
  pinnedStopIds: z
    .array(stopIdInput(), { error: m.invalidPinnedStopIds })
    .max(MAX_PINNED_STOP_IDS, m.tooManyPinnedStops(MAX_PINNED_STOP_IDS))
    .refine((ids) => new Set(ids).size === ids.length, m.duplicatePinnedStop)
    .default([]),
});

/** The drive along the trip's located stops in one order. */
export const ZRouteTotals = z.object({
  /** Whole minutes. */
  minutes: z.number(),
  /** 0.1 km precision. */
  distanceKm: z.number(),
});

export const ZOptimiseRouteResponse = z.object({
  /** Every stop's id in the order the proposal was made from: a client whose order differs has a stale proposal. */
  fromOrder: z.array(z.string()),
  /** Every stop's id in the proposed order (the same as fromOrder when nothing shorter exists). */
  order: z.array(z.string()),
  before: ZRouteTotals,
  after: ZRouteTotals,
  /** Who measured the drives: OSRM /table or the estimate; null when fewer than two stops have a position. */
  source: z.enum(LEG_SOURCES).nullable(),
  /** Milliseconds spent fetching the drive matrix and solving the order, for the bench and the dialog. */
  timings: z.object({ matrixMs: z.number(), solveMs: z.number() }),
});

export type TOptimiseRouteRequest = z.infer<typeof ZOptimiseRouteRequest>;
export type TRouteTotals = z.infer<typeof ZRouteTotals>;
export type TOptimiseRouteResponse = z.infer<typeof ZOptimiseRouteResponse>;
