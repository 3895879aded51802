/**
 * The trip page's history state: the version being browsed (null: the live trip), the member's last look before
 * this visit, the restorer (owners and editors), and the live stops' names for the comparisons' days.
 */
import { useMemo, useState } from 'react';
import { canEditStops, type DocStop, type TTripRole, type TTripVersion } from '@caravan/shared';
import { useLastLook } from './useLastLook.ts';
import { useRestore } from './useRestore.ts';

export function useTripHistory(tripId: string, userId: number, role: TTripRole, stops: readonly DocStop[]) {
  const [browsing, setBrowsing] = useState<TTripVersion | null>(null);
  const lastLook = useLastLook(userId, tripId);
  // A whole version restored while browsing it: the page goes back to the live trip, which now shows it.
  const restorer = useRestore(tripId, (request) => {
    if (!request.only) setBrowsing(null);
  });
  const stopNames = useMemo(() => new Map(stops.map((stop) => [stop.id, stop.name])), [stops]);
  const canEdit = canEditStops(role);
  return { browsing, setBrowsing, lastLook, restorer: canEdit ? restorer : null, canEdit, stopNames };
}
