/**
 * Where the trip's car runs out between refuels, over the stops in order and their drives as the schedule counts
 * them (../schedule/stopDrives.ts: the current leg, else the estimate): the rule of ./rangeStep.ts walked once. The
 * itinerary's day headers, the map's day view and the exports read it through the schedule.
 */
import { hasPosition } from '../domain/position.ts';
import type { TVehicle } from '../contracts/vehicle.ts';
import { arriveRange, driveRange, rangeRuleOf, refuelsAt, startRange } from './rangeStep.ts';

export interface RangeWalkStop {
  id: string;
  latitude?: number | null;
  longitude?: number | null;
  kind?: unknown;
  refuels?: unknown;
}

export interface RangeRunOut {
  /**
   * Where the car last filled up (the first stop: its fill at departure). From there to `kmAfter` past
   * `afterStopId` is the stretch a search along the route offers reachable stations on.
   */
  lastFillStopId: string;
  /** The stop the car leaves, and the one it does not reach. */
  afterStopId: string;
  stopId: string;
  /** Road km after `afterStopId` where the range reaches the reserve. */
  kmAfter: number;
  /** How far along the leg that is, 0–1: where the map marks it. */
  fraction: number;
}

/** `drives[i]` is the drive to stop i (its distance null when unknown). No vehicle, no run-outs. */
export function walkRange(vehicle: TVehicle, stops: readonly RangeWalkStop[], drives: ReadonlyArray<{ distanceKm: number | null }>): RangeRunOut[] {
  const rule = rangeRuleOf(vehicle);
  if (!rule || stops.length === 0) return [];
  const runOuts: RangeRunOut[] = [];
  const state = startRange(rule, hasPosition(stops[0]));
  let lastFillStopId = stops[0].id;
  for (let index = 1; index < stops.length; index++) {
    const stop = stops[index];
    const located = hasPosition(stop);
    const km = located ? drives[index].distanceKm : null;
    const at = driveRange(state, km);
    if (at !== null) {
      runOuts.push({ lastFillStopId, afterStopId: stops[index - 1].id, stopId: stop.id, kmAfter: Math.round(at * 10) / 10, fraction: km! > 0 ? at / km! : 0 });
    }
    arriveRange(state, rule, located, refuelsAt(stop));
    if (located && refuelsAt(stop)) lastFillStopId = stop.id;
  }
  return runOuts;
}
