/** /search/locations, for the address type-ahead of every form that asks for a place. */
import { ZLocationSearchResponse } from '@caravan/shared';
import { apiCall } from './api.ts';

export const searchLocations = (query: string) => apiCall(ZLocationSearchResponse, '/search/locations', { body: { query } });
