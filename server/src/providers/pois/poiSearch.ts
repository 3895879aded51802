/** Points-of-interest search (the map's "Search This Area"). */
import type { TPoi } from '@caravan/shared';

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
   * Named places to sleep (hotels, motels, guest houses, campgrounds) within the radius, nearest first; rejects when
   * the provider cannot answer. Absent for a search that knows no lodging (the offline places).
   */
  lodgingNear?(query: Omit<PoiQuery, 'keyword' | 'category'>): Promise<TPoi[]>;
}
