/** /search/locations, for the address type-ahead of every form that asks for a place. */
import { calls, type LatLng } from '@caravan/shared';
import { call } from './api.ts';

/** Without `near` (no located stop yet) the search ranks by size alone. */
export const searchLocations = (query: string, near: readonly LatLng[]) =>
  call(calls.search.locations, near.length > 0 ? { query, near: [...near] } : { query });
