/** Location search (the address type-ahead, and the place at a point): an offline gazetteer by default, a geocoder when configured. */
import type { LatLng, TLocationResult } from '@caravan/shared';

export interface LocationSearch {
  readonly source: string;
  /** Places named `query`; given `near` (the trip's stops, or the map view), those near it first. */
  search(query: string, near?: readonly LatLng[]): Promise<TLocationResult[]>;
  /** The place at `point` (reverse geocoding): an address online, the nearest town offline; null when none is near. */
  reverse(point: LatLng): Promise<TLocationResult | null>;
}
