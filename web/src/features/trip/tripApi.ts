/** Calls of the trip page: details, sharing, route mode, place search and the map's run-time config. */
import {
  ZClientConfigResponse,
  ZPoiSearchResponse,
  ZRouteModeResponse,
  ZShareTripResponse,
  ZTripDetail,
  type TPoiSearchRequest,
} from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

export const tripKeys = {
  /** Everything cached about one trip (a prefix: invalidating it refetches the details too). */
  all: (tripId: string) => ['trip', tripId] as const,
  details: (tripId: string) => [...tripKeys.all(tripId), 'details'] as const,
  pois: (search: TPoiSearchRequest) => ['pois', search] as const,
  config: ['client-config'] as const,
};

/** SPEC-2 §7 caching: collaboration trip detail 2 minutes, POI results 5 minutes. */
export const TRIP_DETAILS_STALE_MS = 2 * 60_000;
export const POI_RESULTS_STALE_MS = 5 * 60_000;

export const tripApi = {
  details: (tripId: string) => apiCall(ZTripDetail, '/trips/details', { body: { tripId } }),
  share: (tripId: string, isPublic: boolean) =>
    apiCall(ZShareTripResponse, '/trips/share', { body: { tripId, isPublic }, fallback: 'Failed to update trip sharing status' }),
  routeMode: (tripId: string, routeMode: boolean) => apiCall(ZRouteModeResponse, '/trips/route-mode', { body: { tripId, routeMode } }),
  searchPois: (search: TPoiSearchRequest) =>
    apiCall(ZPoiSearchResponse, '/search/pois', { body: search, fallback: 'Failed to search for points of interest' }),
  config: () => apiCall(ZClientConfigResponse, '/config'),
};
