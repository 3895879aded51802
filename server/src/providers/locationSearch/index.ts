/** Picks the location search: Photon when GEOCODER_URL is set, the offline gazetteer otherwise. */
import type { Config, Logger } from '@caravan/engine';
import { createGazetteerSearch } from './gazetteer.ts';
import type { LocationSearch } from './locationSearch.ts';
import { createPhotonSearch } from './photon.ts';

export function createLocationSearch(config: Pick<Config, 'geocoderUrl'>, logger?: Logger): LocationSearch {
  if (!config.geocoderUrl) return createGazetteerSearch();
  return createPhotonSearch(config.geocoderUrl, fetch, { fallback: createGazetteerSearch(), logger });
}
