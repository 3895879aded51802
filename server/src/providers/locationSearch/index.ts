/**
 * Picks the location search: Photon when GEOCODER_URL is set (by PROVIDERS=auto, komoot's public instance, asked
 * through `remote`: identified, queued, skipped while down), the offline gazetteer otherwise or whenever Photon
 * does not answer. Every result says which answered it.
 */
import type { Config, Logger, RemoteProvider } from '@caravan/engine';
import { createGazetteerSearch } from './gazetteer.ts';
import type { LocationSearch } from './locationSearch.ts';
import { createPhotonSearch, fromOfflineList, fromOfflinePlace } from './photon.ts';

/** Searches and reverse look-ups are kept a day. */
export const LOCATION_CACHE_MS = 24 * 60 * 60_000;

export function createLocationSearch(config: Pick<Config, 'geocoderUrl'>, logger?: Logger, remote?: RemoteProvider): LocationSearch {
  const gazetteer = createGazetteerSearch();
  if (!config.geocoderUrl) {
    return {
      source: gazetteer.source,
      search: async (query, near) => fromOfflineList(await gazetteer.search(query, near)),
      reverse: async (point) => fromOfflinePlace(await gazetteer.reverse(point)),
    };
  }
  return createPhotonSearch(config.geocoderUrl, remote?.fetch ?? fetch, { fallback: gazetteer, logger, cacheMs: LOCATION_CACHE_MS });
}
