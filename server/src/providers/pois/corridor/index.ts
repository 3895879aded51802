/** Picks the corridor search's places: Overpass when OVERPASS_URL is set (through `remote`: identified, queued at its rate limit, skipped while down, its answers kept for every process), the offline list otherwise. */
import type { Config, Logger, RemoteProvider } from '@caravan/engine';
import type { CorridorPlaces, CorridorRawPlace } from './corridorPlaces.ts';
import { createOfflineCorridor } from './offlineCorridor.ts';
import { CORRIDOR_KEPT_ENTRIES, CORRIDOR_KEPT_MS, createOverpassCorridor } from './overpassCorridor.ts';

export function createCorridorPlaces(config: Pick<Config, 'overpassUrl'>, logger?: Logger, remote?: RemoteProvider): CorridorPlaces {
  if (!config.overpassUrl) return createOfflineCorridor();
  return createOverpassCorridor(config.overpassUrl, remote?.fetch ?? fetch, {
    logger,
    answers: remote?.keptAnswers<CorridorRawPlace[]>('Overpass corridor', CORRIDOR_KEPT_MS, CORRIDOR_KEPT_ENTRIES),
  });
}
