/** Calls of the trip page: sharing, route mode, place search, Optimise route's proposal, Plan my days' plan and Import places' preview (the details call is shared: lib/tripQueries.ts). */
import { calls, type TImportPreviewRequest, type TOptimiseRouteRequest, type TPlanDaysRequest, type TPoiSearchRequest } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const poisKey = (search: TPoiSearchRequest) => ['pois', search] as const;

/** Caching: POI results 5 minutes. */
export const POI_RESULTS_STALE_MS = 5 * 60_000;

export const tripApi = {
  share: (tripId: string, isPublic: boolean) =>
    call(calls.trips.share, { tripId, isPublic }, { fallback: 'Failed to update trip sharing status' }),
  routeMode: (tripId: string, routeMode: boolean) => call(calls.trips.routeMode, { tripId, routeMode }),
  searchPois: (search: TPoiSearchRequest) =>
    call(calls.search.pois, search, { fallback: 'Failed to search for points of interest' }),
  /** A proposed stop order; writes nothing: the page applies it to the live document. */
  optimiseRoute: (request: TOptimiseRouteRequest) => call(calls.stops.optimiseRoute, request),
  /** A proposed order and day ends with lodging near them; writes nothing: the page applies it to the live document. */
  planDays: (request: TPlanDaysRequest) => call(calls.stops.planDays, request),
  /** The places a file holds; writes nothing: the page adds the ones kept to the live document. */
  importPreview: (request: TImportPreviewRequest) => call(calls.stops.importPreview, request),
};
