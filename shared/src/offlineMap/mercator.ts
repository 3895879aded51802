/**
 * Web Mercator, as tile servers cut the world: a position as world units (0 to 1 across and down, the tile grid at
 * zoom z is that times 2^z), and how many km one world unit is on the ground at a latitude (the map's scale grows
 * towards the poles by 1 / cos(latitude), the same both ways since the projection keeps angles).
 */

/** The equator on the sphere Web Mercator uses (radius 6,378.137 km). */
export const EQUATOR_KM = 40075.016686;
/** Where Web Mercator's square ends; tiles go no further north or south. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const clampLatitude = (latitude: number) => Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, latitude));

/** World x of a longitude; not wrapped, so a line may carry on past 180° (tileRows wraps it). */
export const worldX = (longitude: number) => (longitude + 180) / 360;

export function worldY(latitude: number): number {
  const phi = radians(clampLatitude(latitude));
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
}

export const latitudeOfWorldY = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** World units per km on the ground at a latitude. */
export const worldUnitsPerKm = (latitude: number) => 1 / (EQUATOR_KM * Math.cos(radians(clampLatitude(latitude))));
