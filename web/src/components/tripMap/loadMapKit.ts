/**
 * Loads the map library the server's config asks for, each in its own chunk, only when a page draws a map.
 * Kept apart from mapKit.ts, which both kits import for the MapKit type, so no import goes round in a circle.
 */
import type { TClientConfigResponse } from '@caravan/shared';
import type { MapKit } from './mapKit.ts';

export async function loadMapKit(config: TClientConfigResponse | undefined): Promise<MapKit> {
  if (config?.mapboxToken) return (await import('./mapboxKit.ts')).mapboxKit(config.mapboxToken);
  return (await import('./maplibreKit.ts')).maplibreKit;
}
