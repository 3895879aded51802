/** Calls of My Trips (its cache key is shared: lib/tripQueries.ts). */
import { calls, type TCreateTripRequest } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const tripsApi = {
  list: () => call(calls.trips.list),
  previews: () => call(calls.trips.previews),
  create: (body: TCreateTripRequest) => call(calls.trips.create, body),
  remove: (tripId: string) => call(calls.trips.delete, { tripId }),
};
