/**
 * The credits of the remote providers whose data the map draws (OSRM's road lines, Overpass's places, both
 * OpenStreetMap data), added to the map's attribution beside the base map's own; none while the offline ones answer.
 */
import { PROVIDER_ATTRIBUTION, type TClientConfigResponse } from '@caravan/shared';

export function mapCredits(config: TClientConfigResponse | undefined): string | undefined {
  if (!config?.providers) return undefined;
  const credits: string[] = [
    config.providers.roads === 'osrm' && PROVIDER_ATTRIBUTION.osrm,
    config.providers.pois === 'overpass' && PROVIDER_ATTRIBUTION.overpass,
  ].filter((credit) => credit !== false);
  return credits.length > 0 ? [...credits, PROVIDER_ATTRIBUTION.openStreetMap].join(' · ') : undefined;
}
