/** Points-of-interest search (the map's "Search This Area"). */
import type { LatLng, TPoi } from '@caravan/shared';

export interface PoiQuery {
  keyword: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Only places of this category ("Museum"), compared without case. */
  category?: string;
}

export interface PoiSearch {
  readonly source: string;
  search(query: PoiQuery): Promise<TPoi[]>;
  /**
   * Named places to sleep (hotels, motels, guest houses, campgrounds) within `radiusKm` of each point, nearest first,
   * asked in one request (a public Overpass instance serves each client two requests at a time); rejects when the
   * provider cannot answer. Absent for a search that knows no lodging (the offline places).
   */
  lodgingNear?(points: ReadonlyArray<LatLng>, radiusKm: number): Promise<TPoi[][]>;
}
