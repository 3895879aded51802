/** Map arithmetic (docs/product.md#map): search radius, bounds (across the date line), when the view "changed". */
import { haversineKm, type LatLng } from '@caravan/shared';

export type { LatLng };

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface Viewport {
  centre: LatLng;
  /** Distance from the centre to the north-east corner, km, rounded, at least 1. */
  radiusKm: number;
  bounds: Bounds;
}

export const DEFAULT_CENTRE: LatLng = { latitude: 40.71, longitude: -74.01 };
export const DEFAULT_ZOOM = 4;
/**
 * Room fitting leaves at each edge: pins stand above their point with the start's "Start" badge over
 * it, under the mode and fit buttons at the top; the zoom buttons sit at the top right.
 */
export interface FitPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
export const FIT_PADDING: Readonly<FitPadding> = { top: 96, right: 64, bottom: 48, left: 44 };
/**
 * When the trip has days, the day picker sits in a row under the mode button (styles.css `.day-controls`: 42 px
 * lower), and the Start badge must clear it too.
 */
export const FIT_PADDING_WITH_DAYS: Readonly<FitPadding> = { ...FIT_PADDING, top: FIT_PADDING.top + 48 };
/**
 * A day shown alone with its weather on a map wide enough: the stops are fitted beside the weather panel (styles.css
 * `.map-day-weather`, at most 320 px from 10 px in). A narrower map leaves it over the map, to fold away.
 */
export const FIT_PADDING_BESIDE_WEATHER: Readonly<FitPadding> = { ...FIT_PADDING_WITH_DAYS, left: 350 };
export const MIN_WIDTH_BESIDE_WEATHER_PX = 600;
export const VIEWPORT_DEBOUNCE_MS = 300;
/** The trip page reveals 'Search This Area' past these (the map itself reports a move past 0.001° or 1 km; the page waits for more). */
export const SEARCH_AREA_MIN_CENTRE_SHIFT_DEG = 0.002;
export const SEARCH_AREA_MIN_RADIUS_CHANGE_KM = 2;
export const POPUP_MAX_WIDTH_PX = 300;
export const POPUP_EDGE_MARGIN_PX = 20;

export function searchRadiusKm(centre: LatLng, bounds: Bounds): number {
  return Math.max(1, Math.round(haversineKm(centre, { latitude: bounds.north, longitude: bounds.east })));
}

/** Longitudes normalised to [-180, 180), so bounds that cross the date line (west > east) still work. */
const wrap = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;

export function inBounds(bounds: Bounds, point: LatLng): boolean {
  if (point.latitude < bounds.south || point.latitude > bounds.north) return false;
  if (bounds.east - bounds.west >= 360) return true;
  const west = wrap(bounds.west);
  const east = wrap(bounds.east);
  const longitude = wrap(point.longitude);
  return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
}

export function viewportChanged(from: Viewport, to: Viewport): boolean {
  return (
    Math.abs(from.centre.latitude - to.centre.latitude) > SEARCH_AREA_MIN_CENTRE_SHIFT_DEG ||
    Math.abs(from.centre.longitude - to.centre.longitude) > SEARCH_AREA_MIN_CENTRE_SHIFT_DEG ||
    Math.abs(from.radiusKm - to.radiusKm) > SEARCH_AREA_MIN_RADIUS_CHANGE_KM
  );
}

/** A Google Maps search for the name and address, or for the coordinates when there is no address. */
export function googleMapsUrl(place: { name: string; address?: string | null } & LatLng): string {
  const query = place.address ? `${place.name} ${place.address}` : `${place.latitude},${place.longitude}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
