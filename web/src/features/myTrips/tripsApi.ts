/** Calls of My Trips (its cache key is shared: lib/tripQueries.ts). */
import { myTripsCalls, type TCreateTripRequest } from '@caravan/shared';
import { call } from '../../lib/api.ts';
import { tripListApi } from '../../lib/tripQueries.ts';

export const tripsApi = {
  ...tripListApi,
  create: (body: TCreateTripRequest) => call(myTripsCalls.create, body),
  remove: (tripId: string) => call(myTripsCalls.delete, { tripId }),
};
