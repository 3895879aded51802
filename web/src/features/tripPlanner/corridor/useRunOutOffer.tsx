/** What the page offers where the car's range runs out (the itinerary's day header, the map's mark): the stations within reach. */
import { useCallback } from 'react';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { StationOffer } from './StationOffer.tsx';
import type { RunOutToOffer } from './useStationOffer.ts';

/** The offer for a run-out, or undefined until the live document is open; `canEdit`: owners and editors add. */
export function useRunOutOffer(tripId: string, connection: TripConnection | null, canEdit: boolean) {
  const offer = useCallback(
    (runOut: RunOutToOffer) => connection && <StationOffer tripId={tripId} connection={connection} canEdit={canEdit} runOut={runOut} />,
    [tripId, connection, canEdit],
  );
  return connection ? offer : undefined;
}
