/**
 * GET /_api/config: run-time settings of the web app (the base map), so one build serves every
 * deployment, and which providers answer now with their credits. Public: the share page draws a map
 * for people who are not signed in.
 */
import Router from '@koa/router';
import { calls, PROVIDER_ATTRIBUTION, type TClientConfigResponse } from '@caravan/shared';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { BASE_MAP_DARK_STYLE_PATH, BASE_MAP_STYLE_PATH } from '../map/baseMap.ts';

/** Each kind of look-up's provider now, and the credits they ask for (the offline list's always: it stands in any time). */
export function providersAnswering(deps: Pick<AppDeps, 'providers'>): Pick<TClientConfigResponse, 'providers' | 'attribution'> {
  const live = deps.providers.live();
  const providers: TClientConfigResponse['providers'] = {
    locations: live.geocoder ? 'photon' : 'offline',
    roads: live.osrm ? 'osrm' : 'estimate',
    pois: live.overpass ? 'overpass' : 'offline',
    exchangeRates: live.exchangeRates ? 'ecb' : 'none',
  };
  const credits: Array<string | false> = [
    live.geocoder && PROVIDER_ATTRIBUTION.photon,
    live.osrm && PROVIDER_ATTRIBUTION.osrm,
    live.overpass && PROVIDER_ATTRIBUTION.overpass,
    (live.geocoder || live.osrm || live.overpass) && PROVIDER_ATTRIBUTION.openStreetMap,
    PROVIDER_ATTRIBUTION.geoNames,
  ];
  return { providers, attribution: credits.filter((credit): credit is string => Boolean(credit)) };
}

export function configRoutes(deps: AppDeps): Router<AppState> {
  const { config } = deps;
  const router = new Router<AppState>();
  // With a self-hosted archive the page's style is the server's own, its vector source pointed at the archive's tiles.
  const map = () =>
    config.mapPmtilesUrl
      ? {
          mapStyleUrl: `${config.publicOrigin}${BASE_MAP_STYLE_PATH}`,
          mapStyleUrlDark: config.mapStyleUrlDark ? `${config.publicOrigin}${BASE_MAP_DARK_STYLE_PATH}` : null,
          mapboxToken: null,
        }
      : { mapStyleUrl: config.mapStyleUrl ?? null, mapStyleUrlDark: config.mapStyleUrlDark ?? null, mapboxToken: config.mapboxToken ?? null };
  serveCall(router, calls.config, () => ({ ...map(), ...providersAnswering(deps) }), { guard: [] });
  return router;
}
