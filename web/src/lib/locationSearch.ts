/** /search/locations, for the address type-ahead of every form that asks for a place. */
import { calls } from '@caravan/shared';
import { call } from './api.ts';

export const searchLocations = (query: string) => call(calls.search.locations, { query });
