/** A trip's details, cached under `tripKeys.details` (./tripQueries.ts): the trip page's and the share page's call. */
import { calls } from '@caravan/shared';
import { call } from './api.ts';

export const tripDetailsApi = {
  details: (tripId: string) => call(calls.trips.details, { tripId }),
};
