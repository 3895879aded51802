/**
 * The contracts of My Trips, which the first page (a signed-in user's trips) needs: in a module of their own, so that
 * page loads these and the account's calls (./accountCalls.ts), not every trip-page contract (opening hours, money…).
 */
import { z } from 'zod';
import { defineCall } from './defineCall.ts';
import {
  ZCreateTripRequest,
  ZCreateTripResponse,
  ZDeleteTripRequest,
  ZDeleteTripResponse,
  ZTripListResponse,
  ZTripPreviewsResponse,
} from './trips.ts';

export const myTripsCalls = {
  /** The list takes nothing: it is the caller's own trips. */
  list: defineCall({ method: 'GET', path: '/trips', request: z.object({}), response: ZTripListResponse }),
  /** The cards' route thumbnails and who shared each trip, for the same trips. */
  previews: defineCall({ method: 'GET', path: '/trips/previews', request: z.object({}), response: ZTripPreviewsResponse }),
  create: defineCall({ method: 'POST', path: '/trips', request: ZCreateTripRequest, response: ZCreateTripResponse }),
  delete: defineCall({ method: 'POST', path: '/trips/delete', request: ZDeleteTripRequest, response: ZDeleteTripResponse }),
};
