/** The contracts of look-ups that belong to no trip: place search and the deployment's map settings. */
import { z } from 'zod';
import { ZClientConfigResponse } from './clientConfig.ts';
import { defineCall } from './defineCall.ts';
import {
  ZLocationSearchRequest,
  ZLocationSearchResponse,
  ZPoiSearchRequest,
  ZPoiSearchResponse,
  ZReverseGeocodeRequest,
  ZReverseGeocodeResponse,
} from './search.ts';

export const lookupCalls = {
  search: {
    locations: defineCall({ method: 'POST', path: '/search/locations', request: ZLocationSearchRequest, response: ZLocationSearchResponse }),
    reverse: defineCall({ method: 'POST', path: '/search/reverse', request: ZReverseGeocodeRequest, response: ZReverseGeocodeResponse }),
    pois: defineCall({ method: 'POST', path: '/search/pois', request: ZPoiSearchRequest, response: ZPoiSearchResponse }),
  },
  /** Public: the share page draws a map for people who are not signed in. */
  config: defineCall({ method: 'GET', path: '/config', request: z.object({}), response: ZClientConfigResponse }),
};
