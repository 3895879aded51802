/**
 * A leg's road line as stored and sent to every member: OSRM's full-resolution line (thousands of points for a
 * day's drive) simplified with Douglas-Peucker until it fits a few KB, re-encoded as a precision-5 polyline.
 * At 0.0003° (about 30 m) a line drawn at any zoom a trip map uses looks the same as the full one.
 */
import polyline from '@mapbox/polyline';
import simplify from 'simplify-js';
import { LEG_GEOMETRY_MAX_LENGTH } from '@caravan/shared';

export const GEOMETRY_TOLERANCE_DEGREES = 0.0003;
/** What a leg's line may take in the trip document; a longer drive is simplified harder to fit. */
export const GEOMETRY_BUDGET_CHARS = Math.min(8_000, LEG_GEOMETRY_MAX_LENGTH);

/** `encoded` (a polyline of `precision`) simplified to fit GEOMETRY_BUDGET_CHARS, at precision 5. */
export function simplifiedGeometry(encoded: string, precision = 5): string {
  let points = polyline.decode(encoded, precision).map(([y, x]) => ({ x, y }));
  // A radial-distance pass before Douglas-Peucker (not "high quality"): several times faster on OSRM's dense
  // lines, and each harder pass starts from the previous one, so a coast-to-coast leg costs little more.
  for (let tolerance = GEOMETRY_TOLERANCE_DEGREES; ; tolerance *= 2) {
    points = simplify(points, tolerance, false);
    const line = polyline.encode(points.map(({ x, y }) => [y, x]), 5);
    // Two points (the ends) are all a line keeps at worst, far under the budget.
    if (line.length <= GEOMETRY_BUDGET_CHARS) return line;
  }
}
