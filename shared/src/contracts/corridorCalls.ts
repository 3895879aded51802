/** The "Along the route" call: places within a corridor of the trip's route; writes nothing. */
import { ZCorridorSearchRequest, ZCorridorSearchResponse } from './corridor.ts';
import { defineCall } from './defineCall.ts';

export const corridorCalls = {
  corridor: {
    search: defineCall({
      method: 'POST',
      path: '/trips/corridor/search',
      request: ZCorridorSearchRequest,
      response: ZCorridorSearchResponse,
    }),
  },
} as const;
