/**
 * A place the weather is asked for: a 0.1° grid cell (about 11 km), so stops in one town share one answer and one
 * request. Keyed by its centre in tenths of a degree; asked at that centre, in the zone of the first stop-day in it.
 */
export interface WeatherPlace {
  latTenths: number;
  lonTenths: number;
  zone: string;
}

export const toTenths = (degrees: number) => Math.round(degrees * 10);
export const placeKey = ({ latTenths, lonTenths }: Pick<WeatherPlace, 'latTenths' | 'lonTenths'>) => `${latTenths},${lonTenths}`;
export const latitudeOf = (place: WeatherPlace) => (place.latTenths / 10).toFixed(1);
export const longitudeOf = (place: WeatherPlace) => (place.lonTenths / 10).toFixed(1);

export function placeAt(latitude: number, longitude: number, zone: string): WeatherPlace {
  // A longitude of 180 and one of -180 are one meridian: keep one key for it.
  const lonTenths = toTenths(longitude) === 1800 ? -1800 : toTenths(longitude);
  return { latTenths: toTenths(latitude), lonTenths, zone };
}
