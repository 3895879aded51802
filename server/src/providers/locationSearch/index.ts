/**
 * Picks the location search: Photon when GEOCODER_URL is set (by PROVIDERS=auto, komoot's public instance, asked
 * through `remote`: identified, queued, skipped while down), the offline gazetteer otherwise or whenever Photon
 * does not answer. Every result says which answered it.
 */
import type { TLocationResult } from '@caravan/shared';
import type { Config, Logger, RemoteProvider } from '@caravan/engine';
import { createGazetteerSearch } from './gazetteer.ts';
import type { LocationSearch } from './locationSearch.ts';
import { createPhotonSearch, fromOfflineList, fromOfflinePlace } from './photon.ts';

/** Searches and reverse look-ups are kept a day; a process keeps at most this many in memory (without a database). */
export const LOCATION_CACHE_MS = 24 * 60 * 60_000;
const LOCATION_CACHE_ENTRIES = 2000;

export function createLocationSearch(config: Pick<Config, 'geocoderUrl'>, logger?: Logger, remote?: RemoteProvider): LocationSearch {
  const gazetteer = createGazetteerSearch();
  if (!config.geocoderUrl) {
    return {
      source: gazetteer.source,
      search: async (query, near) => fromOfflineList(await gazetteer.search(query, near)),
      reverse: async (point) => fromOfflinePlace(await gazetteer.reverse(point)),
    };
  }
  const answers = remote?.keptAnswers<TLocationResult[]>('Photon', LOCATION_CACHE_MS, LOCATION_CACHE_ENTRIES);
  return createPhotonSearch(config.geocoderUrl, remote?.fetch ?? fetch, { fallback: gazetteer, logger, answers });
}
