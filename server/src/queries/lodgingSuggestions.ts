/**
 * Places to sleep near the stops where a planned day ends away from any lodging (docs/product.md#plan-my-days): up
 * to three per stop, nearest first, from the place provider's lodging search (Overpass's hotels, motels, guest
 * houses and campgrounds). A provider that cannot answer (or one that knows no lodging) leaves the plan as it is:
 * the answer says suggestions could not be fetched.
 */
import { haversineKm, type DayEndPoint } from '@caravan/engine';
import type { TLodgingSuggestion } from '@caravan/shared';
import type { PoiSearch } from '../providers/pois/poiSearch.ts';

/** A short drive from the day's last stop. */
export const LODGING_RADIUS_KM = 5;
export const LODGING_PER_DAY_END = 3;
/** Day ends asked about per plan (in one provider request). */
export const MAX_LODGING_LOOKUPS = 30;

export interface LodgingAnswer {
  /** False when the provider could not be asked or did not answer. */
  fetched: boolean;
  byStop: Map<string, TLodgingSuggestion[]>;
}

export async function lodgingSuggestions(poiSearch: PoiSearch, points: readonly DayEndPoint[]): Promise<LodgingAnswer> {
  const byStop = new Map<string, TLodgingSuggestion[]>();
  const lodgingNear = poiSearch.lodgingNear?.bind(poiSearch);
  if (!lodgingNear) return { fetched: points.length === 0, byStop };
  // A stop slept at on several days is asked about once.
  const asked = [...new Map(points.map((point) => [point.stopId, point])).values()].slice(0, MAX_LODGING_LOOKUPS);
  try {
    const placesNear = await lodgingNear(asked, LODGING_RADIUS_KM);
    asked.forEach((point, index) => {
      byStop.set(
        point.stopId,
        (placesNear[index] ?? []).slice(0, LODGING_PER_DAY_END).map((place) => ({
          name: place.name,
          address: place.address,
          category: place.category,
          latitude: place.latitude,
          longitude: place.longitude,
          distanceKm: Math.round(haversineKm(point, place) * 10) / 10,
        })),
      );
    });
    return { fetched: true, byStop };
  } catch {
    return { fetched: false, byStop: new Map() };
  }
}
