/** Calls of My Trips (its cache key is shared: lib/tripQueries.ts). */
import { ZDeleteTripResponse, ZTripListItem, ZTripListResponse, type TCreateTripRequest } from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

export const tripsApi = {
  list: () => apiCall(ZTripListResponse, '/trips'),
  create: (body: TCreateTripRequest) => apiCall(ZTripListItem, '/trips', { body }),
  remove: (tripId: string) => apiCall(ZDeleteTripResponse, '/trips/delete', { body: { tripId } }),
};

