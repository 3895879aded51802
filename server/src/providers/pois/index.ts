/**
 * Picks the point-of-interest search: Overpass when OVERPASS_URL is set (by PROVIDERS=auto, the main public
 * instance, asked through `remote`: identified, queued, skipped while down, answers kept a day by area), the
 * offline places otherwise or whenever Overpass does not answer.
 */
import type { TPoi } from '@caravan/shared';
import type { Config, Logger, RemoteProvider } from '@caravan/engine';
import { createOfflinePoiSearch } from './offline.ts';
import { createOverpassSearch } from './overpass.ts';
import type { PoiSearch } from './poiSearch.ts';

export const POI_CACHE_MS = 24 * 60 * 60_000;
/** At most this many areas in a process's memory (without a database). */
const POI_CACHE_ENTRIES = 500;

export function createPoiSearch(config: Pick<Config, 'overpassUrl'>, logger?: Logger, remote?: RemoteProvider): PoiSearch {
  if (!config.overpassUrl) return createOfflinePoiSearch();
  const answers = remote?.keptAnswers<TPoi[]>('Overpass', POI_CACHE_MS, POI_CACHE_ENTRIES);
  return createOverpassSearch(config.overpassUrl, remote?.fetch ?? fetch, { fallback: createOfflinePoiSearch(), logger, answers });
}
