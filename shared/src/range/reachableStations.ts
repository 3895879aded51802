/**
 * The stations offered where the car's range runs out: from an "Along the route" answer for the stretch between the
 * last fill and the stop not reached, up to three the car reaches with its reserve kept, of the kind it takes.
 *
 * How they are chosen. A station is reachable when the road to it (its distance along the stretch, plus the way there
 * from the route: half its detour, driven at the estimate's average speed) fits in the usable range from the last fill
 * (the fill at departure from the first stop, else a full tank). The answer measures along its own line (the road
 * where a leg has one, else the straight estimate line) while the range is walked over the schedule's drives, so the
 * run-out point is placed at the same share of the stretch in both. Of the reachable ones, the furthest along win (a
 * later fill leaves more range for what follows), a detour minute counting as the km driven in it; the three kept are
 * shown in the order they are reached.
 */
import type { TCorridorPlace, CorridorCategory } from '../contracts/corridor.ts';
import type { TVehicle, VehicleKind } from '../contracts/vehicle.ts';
import { AVERAGE_SPEED_KMH } from '../road/driveEstimate.ts';
import { rangeRuleOf } from './rangeStep.ts';

export const MAX_OFFERED_STATIONS = 3;

/** Where the range ran out: as the schedule's day warning or Plan my days' unmet constraint says it. */
export interface RunOutOnStretch {
  lastFillStopId: string;
  /** Road km after the stop left, and the share (0–1) of that leg it is; null or 0: the leg's length is unknown. */
  kmAfter: number;
  fraction?: number | null;
}

const KM_PER_DETOUR_MINUTE = AVERAGE_SPEED_KMH / 60;

/** What a station of this car is: fuel, charging, or either. */
export function stationCategoriesOf(kind: VehicleKind): CorridorCategory[] {
  if (kind === 'fuel') return ['fuel'];
  if (kind === 'electric') return ['charging'];
  if (kind === 'either') return ['fuel', 'charging'];
  return [];
}

/** The usable km from the last fill, and the km of the whole stretch to the stop not reached, in the schedule's measure. */
function stretchOf(runOut: RunOutOnStretch, vehicle: TVehicle, firstStopId: string): { usableKm: number; stretchKm: number | null } | null {
  const rule = rangeRuleOf(vehicle);
  if (!rule) return null;
  const usableKm = runOut.lastFillStopId === firstStopId ? rule.startKm : rule.fullKm;
  const fraction = runOut.fraction ?? 0;
  // Up to the stop left the car used `usable − kmAfter`; the leg to the stop not reached is `kmAfter / fraction` long.
  return { usableKm, stretchKm: fraction > 0 ? usableKm - runOut.kmAfter + runOut.kmAfter / fraction : null };
}

/** Up to three stations the car reaches before it runs out, in the order along the stretch; none without a car. */
export function reachableStations(
  runOut: RunOutOnStretch,
  vehicle: TVehicle,
  firstStopId: string,
  answer: { places: readonly TCorridorPlace[]; routeKm: number },
): TCorridorPlace[] {
  const stretch = stretchOf(runOut, vehicle, firstStopId);
  if (!stretch) return [];
  const categories = stationCategoriesOf(vehicle.kind);
  const toSchedule = stretch.stretchKm !== null && answer.routeKm > 0 ? stretch.stretchKm / answer.routeKm : 1;
  const costKm = (place: TCorridorPlace) => place.alongKm * toSchedule + (place.detourMinutes / 2) * KM_PER_DETOUR_MINUTE;
  const worth = (place: TCorridorPlace) => place.alongKm * toSchedule - place.detourMinutes * KM_PER_DETOUR_MINUTE;
  return answer.places
    .filter((place) => categories.includes(place.category) && costKm(place) <= stretch.usableKm)
    .sort((a, b) => worth(b) - worth(a))
    .slice(0, MAX_OFFERED_STATIONS)
    .sort((a, b) => a.alongKm - b.alongKm);
}
