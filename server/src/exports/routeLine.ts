/**
 * The route's line for GPX tracks, KML/GeoJSON line strings and the PDF's route picture: each leg's road
 * (its encoded polyline, precision 5, decoded with @mapbox/polyline) between consecutive located stops, or a
 * straight segment where the leg is an estimate or not known yet. The stops' own positions open and close
 * every leg, so the line passes exactly through each stop.
 */
import polyline from '@mapbox/polyline';
import { LEG_COORDINATE_DECIMALS, type DriveLeg } from '@caravan/shared';

/** [latitude, longitude] */
export type LatLng = [number, number];

interface RouteStop {
  position: { latitude: number; longitude: number } | null;
  driveLeg: DriveLeg | null;
}

const pointOf = ({ latitude, longitude }: { latitude: number; longitude: number }): LatLng => [latitude, longitude];

/** The road's inner points; the leg's ends are the rounded stop positions, which the stops themselves replace. */
function roadBetween(leg: DriveLeg | null): LatLng[] {
  if (!leg?.geometry) return [];
  try {
    return polyline.decode(leg.geometry, LEG_COORDINATE_DECIMALS).slice(1, -1) as LatLng[];
  } catch {
    // A leg whose line cannot be read is drawn straight, like an estimate.
    return [];
  }
}

export function routeLine(stops: readonly RouteStop[]): LatLng[] {
  const line: LatLng[] = [];
  for (const stop of stops) {
    if (!stop.position) continue;
    // The first located stop has no leg (currentLegs); every later one carries the leg from the stop before.
    if (line.length > 0) line.push(...roadBetween(stop.driveLeg));
    line.push(pointOf(stop.position));
  }
  return line;
}
