/** The tiles of the trip's offline pack on this device, as the map's question "does the pack hold this tile?"; null with no pack. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { packOf } from './packStore.ts';
import { tileCoverage } from './tileRuns.ts';
import { offlinePackKeys, packsSupported } from './useOfflinePack.ts';

export function usePackCoverage(userId: number, tripId: string): ((z: number, x: number, y: number) => boolean) | null {
  const pack = useQuery({ queryKey: offlinePackKeys.one(userId, tripId), queryFn: () => packOf(userId, tripId), enabled: packsSupported() });
  const runs = pack.data?.runs;
  return useMemo(() => (runs ? tileCoverage(runs) : null), [runs]);
}
