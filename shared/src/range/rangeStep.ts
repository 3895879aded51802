/**
 * The range rule, one step at a time, so the itinerary's walk (./rangeWalk.ts) and Plan my days' simulation (which
 * walks thousands of orders, so it steps in place) apply it alike. The usable range is what lies above the reserve:
 * the car leaves the first stop at its fill at departure, each located stop that refuels fills it, and the range runs
 * out on the first leg longer than what is left. After that it is said once until the next refuel. A leg whose
 * distance is unknown, or a stop without a position (where is it, how far off the road?), leaves the range unknown
 * until the next located refuel: nothing is said across it rather than something wrong.
 */
import type { TVehicle } from '../contracts/vehicle.ts';

/** Usable km (above the reserve) of a full tank or charge, and at departure. */
export interface RangeRule {
  fullKm: number;
  startKm: number;
}

export interface RangeState {
  /** Usable km left; null while unknown. */
  leftKm: number | null;
  /** The range already ran out since the last refuel (said once). */
  ranOut: boolean;
}

/** The rule of a vehicle, or null when there is none to walk (no car, or no range given). */
export function rangeRuleOf(vehicle: TVehicle): RangeRule | null {
  if (vehicle.kind === 'none' || vehicle.rangeKm === null) return null;
  const usable = (percent: number) => Math.max(0, (vehicle.rangeKm! * (percent - vehicle.reservePercent)) / 100);
  return { fullKm: usable(100), startKm: usable(vehicle.departureFillPercent) };
}

/** The state leaving the first stop: its fill at departure, or unknown when the first stop has no position. */
export const startRange = (rule: RangeRule, firstLocated: boolean): RangeState => ({ leftKm: firstLocated ? rule.startKm : null, ranOut: false });

/** Drives a leg of `km` (null: not known): the km into the leg where the range runs out, or null when it does not (or is not known to). */
export function driveRange(state: RangeState, km: number | null): number | null {
  if (state.leftKm === null || km === null) {
    state.leftKm = null;
    return null;
  }
  if (state.ranOut) return null;
  if (km > state.leftKm) {
    const at = state.leftKm;
    state.leftKm = 0;
    state.ranOut = true;
    return at;
  }
  state.leftKm -= km;
  return null;
}

/** Arrives at a stop: one without a position leaves the range unknown; a located one that refuels fills up. */
export function arriveRange(state: RangeState, rule: RangeRule, located: boolean, refuels: boolean): void {
  if (!located) state.leftKm = null;
  else if (refuels) {
    state.leftKm = rule.fullKm;
    state.ranOut = false;
  }
}

/** Whether a stop refuels or recharges: as it says, else by its kind (a fuel stop, which covers charging stations). */
export function refuelsAt(stop: { kind?: unknown; refuels?: unknown }): boolean {
  return typeof stop.refuels === 'boolean' ? stop.refuels : stop.kind === 'fuel';
}
