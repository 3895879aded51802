/** Calls of My Trips and the location type-ahead. */

import {
  ZDeleteTripResponse,
  ZLocationSearchResponse,
  ZTripListItem,
  ZTripListResponse,
  type TCreateTripRequest,
} from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

export const TRIPS_KEY = ['trips'] as const;

export const tripsApi = {
  list: () => apiCall(ZTripListResponse, '/trips'),
  create: (body: TCreateTripRequest) => apiCall(ZTripListItem, '/trips', { body }),
  remove: (tripId: string) => apiCall(ZDeleteTripResponse, '/trips/delete', { body: { tripId } }),
  searchLocations: (query: string) => apiCall(ZLocationSearchResponse, '/search/locations', { body: { query } }),
};

