/**
 * /search/locations, for the address type-ahead of every form that asks for a place, and what it ranks near;
 * /search/reverse, the place at a point; and the place a form's typed text names when no suggestion was picked.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { lookupCalls, nearPointsOf, parseCoordinates, type LatLng, type TLocationResult } from '@caravan/shared';
import { call } from './api.ts';

/** Without `near` (no located stop, no map) the search ranks by size alone. */
export const searchLocations = (query: string, near: readonly LatLng[]) =>
  call(lookupCalls.search.locations, near.length > 0 ? { query, near: [...near] } : { query });

/** The type-ahead's cache key: a form that searches the same text near the same points reuses its answer. */
export const locationsKey = (query: string, near: readonly LatLng[]) => ['locations', query, near] as const;

export const reverseGeocode = async (point: LatLng) => (await call(lookupCalls.search.reverse, point)).location;

/**
 * The points a search favours: the trip's located stops; while it has none, where its map is looking (once a
 * stop has a position the map fits the stops, so its centre would only repeat them).
 */
export function searchBias(stops: ReadonlyArray<{ latitude: number; longitude: number }>, viewCentre: LatLng | null): LatLng[] {
  const points = nearPointsOf(stops);
  return points.length === 0 && viewCentre ? [viewCentre] : points;
}

/** The text was not searched: the browser is offline. */
export class SearchOfflineError extends Error {}

/** A position typed as coordinates, as a search result would carry it (the text is its name and address). */
export function typedPosition(text: string): TLocationResult | null {
  const position = parseCoordinates(text);
  return position && { id: `position:${position.latitude},${position.longitude}`, name: text.trim(), address: text.trim(), ...position };
}

/**
 * The place typed text names: a position when the text is coordinates, else the search's best match for it
 * (ranked near `near`, as the type-ahead ranks), or null when the search finds nothing. Throws
 * SearchOfflineError offline (react-query would wait for the network) and the API's error when the call fails.
 */
export async function findTypedPlace(queryClient: QueryClient, text: string, near: readonly LatLng[]): Promise<TLocationResult | null> {
  const typed = text.trim();
  if (!typed) return null;
  const position = typedPosition(typed);
  if (position) return position;
  if (!onlineManager.isOnline()) throw new SearchOfflineError(typed);
  const results = await queryClient.fetchQuery({ queryKey: locationsKey(typed, near), queryFn: () => searchLocations(typed, near), staleTime: 60_000 });
  return results[0] ?? null;
}
