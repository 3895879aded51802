/** Picks the point-of-interest search: Overpass when OVERPASS_URL is set, the offline places otherwise. */
import type { Config, Logger } from '@caravan/engine';
import { createOfflinePoiSearch } from './offline.ts';
import { createOverpassSearch } from './overpass.ts';
import type { PoiSearch } from './poiSearch.ts';

export function createPoiSearch(config: Pick<Config, 'overpassUrl'>, logger?: Logger): PoiSearch {
  if (!config.overpassUrl) return createOfflinePoiSearch();
  return createOverpassSearch(config.overpassUrl, fetch, { fallback: createOfflinePoiSearch(), logger });
}
