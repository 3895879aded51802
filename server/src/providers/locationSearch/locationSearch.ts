/** Location search (the address type-ahead): an offline gazetteer by default, a geocoder when configured. */
import type { LatLng, TLocationResult } from '@caravan/shared';

export interface LocationSearch {
  readonly source: string;
  /** Places named `query`; given `near` (the trip's stops, or the map view), those near it first. */
  search(query: string, near?: readonly LatLng[]): Promise<TLocationResult[]>;
  /** The place at a position (its address), or null; absent for a search that cannot tell. */
  reverse?(point: LatLng): Promise<TLocationResult | null>;
}
