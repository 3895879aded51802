/**
 * Points of interest for the current search: around the 'Search This Area' area when one was chosen, else
 * around the trip's last stop or the user's location. Runs only with a keyword and a centre (docs/product.md#stops).
 */
import { useQuery } from '@tanstack/react-query';
import type { TPoi } from '@caravan/shared';
import { POI_RESULTS_STALE_MS, poisKey, tripApi } from '../tripApi.ts';
import { usePlaceSearch } from './placeSearchStore.tsx';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface PlaceResults {
  keyword: string;
  enabled: boolean;
  results: TPoi[];
  isFetching: boolean;
  error: Error | null;
}

const NONE: TPoi[] = [];

export function usePlaceResults(origin: LatLng | null): PlaceResults {
  const keyword = usePlaceSearch((state) => state.keyword);
  const radiusKm = usePlaceSearch((state) => state.radiusKm);
  const area = usePlaceSearch((state) => state.area);
  const centre = area ?? origin;
  const search = centre
    ? { keyword, latitude: centre.latitude, longitude: centre.longitude, radius: area?.radiusKm ?? radiusKm }
    : null;
  const enabled = Boolean(search && keyword);
  const query = useQuery({
    queryKey: poisKey(search ?? { keyword: '', latitude: 0, longitude: 0, radius: radiusKm }),
    queryFn: () => tripApi.searchPois(search!),
    enabled,
    staleTime: POI_RESULTS_STALE_MS,
    retry: false,
  });
  return {
    keyword,
    enabled,
    results: enabled ? (query.data ?? NONE) : NONE,
    isFetching: enabled && query.isFetching,
    error: enabled ? query.error : null,
  };
}
