/** Whether a stop has a place on the map (docs/product.md#stops). */

/**
 * A stop added by hand without picking a location has no coordinates. Missing coordinates
 * default to 0 and the stops table requires them, so such a stop is stored at exactly (0, 0), and
 * (0, 0) means "no position": it is listed like any stop but has no marker, no place in the route line or
 * the map's fit, and no drive time to or from it. (0, 0) itself is open sea in the Gulf of Guinea, where no
 * road trip stops. Null, missing or non-numeric coordinates mean no position too.
 */
export function hasPosition(point: { latitude?: number | null; longitude?: number | null }): boolean {
  const { latitude, longitude } = point;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return false;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  return latitude !== 0 || longitude !== 0;
}
