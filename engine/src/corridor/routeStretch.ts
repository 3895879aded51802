/**
 * The stretch of route a corridor search covers: the legs between consecutive located stops, each as a line from
 * its first stop to its second. A leg whose road line is known and current (currentLegs) follows the road; any other
 * is the straight line between its stops, as the estimate draws it. This is the entry point for anything that asks
 * along part of a trip (the corridor search, and checks of where a vehicle's range runs out).
 */
import polyline from '@mapbox/polyline';
import { currentLegs, hasPosition, LEG_COORDINATE_DECIMALS, type DriveLeg, type LatLng } from '@caravan/shared';

export interface StretchStop {
  id: string;
  latitude: number | null;
  longitude: number | null;
  driveLeg?: DriveLeg | null;
}

export interface StretchLeg {
  fromStopId: string;
  toStopId: string;
  /** At least two points: the first stop's position, the road's points between (when known), the second stop's. */
  line: LatLng[];
  /** Whether `line` is the road's (the road provider's) or the straight estimate. */
  road: boolean;
}

export type StretchProblem = 'tooFewStops' | 'unknownStop' | 'backwards';

const point = (stop: { latitude: number; longitude: number }): LatLng => ({ latitude: stop.latitude, longitude: stop.longitude });

function roadPoints(leg: DriveLeg | null | undefined): LatLng[] {
  if (!leg?.geometry) return [];
  try {
    return polyline.decode(leg.geometry, LEG_COORDINATE_DECIMALS).slice(1, -1).map(([latitude, longitude]) => ({ latitude, longitude }));
  } catch {
    return [];
  }
}

/**
 * The legs from `fromStopId` to `toStopId` (the trip's order; the first and last located stops when absent), or
 * why there are none: fewer than two located stops, an end that is not a located stop, or an end before the start.
 */
export function routeStretch(orderedStops: readonly StretchStop[], fromStopId?: string, toStopId?: string): StretchLeg[] | StretchProblem {
  const located = orderedStops.filter((stop): stop is StretchStop & { latitude: number; longitude: number } => hasPosition(stop));
  if (located.length < 2) return 'tooFewStops';
  const first = fromStopId === undefined ? 0 : located.findIndex((stop) => stop.id === fromStopId);
  const last = toStopId === undefined ? located.length - 1 : located.findIndex((stop) => stop.id === toStopId);
  if (first < 0 || last < 0) return 'unknownStop';
  if (last <= first) return 'backwards';
  const legs = currentLegs(located);
  const stretch: StretchLeg[] = [];
  for (let index = first + 1; index <= last; index += 1) {
    const [from, to] = [located[index - 1], located[index]];
    const inner = roadPoints(legs.get(to.id));
    stretch.push({ fromStopId: from.id, toStopId: to.id, line: [point(from), ...inner, point(to)], road: inner.length > 0 });
  }
  return stretch;
}
