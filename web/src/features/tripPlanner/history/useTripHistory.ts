/**
 * The trip page's history state: the version being browsed (null: the live trip), the member's last look before
 * this visit, the restorer (owners and editors), and the live stops' names for the comparisons' days.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { canEditStops, type DocStop, type TTripRole, type TTripVersion } from '@caravan/shared';
import { useLastLook } from './useLastLook.ts';
import { useRestore } from './useRestore.ts';

export function useTripHistory(tripId: string, userId: number, role: TTripRole, stops: readonly DocStop[]) {
  const [browsing, setBrowsing] = useState<TTripVersion | null>(null);
  const historyButton = useRef<HTMLButtonElement>(null);
  const browsingNow = useRef(browsing);
  browsingNow.current = browsing;
  // Back on the live trip, the reader goes on from the History button (the banner's buttons are gone).
  const backToLive = useCallback(() => {
    setBrowsing(null);
    setTimeout(() => historyButton.current?.focus(), 0);
  }, []);
  const lastLook = useLastLook(userId, tripId);
  // A whole version restored while browsing it: the page goes back to the live trip, which now shows it.
  const restorer = useRestore(tripId, (request) => {
    if (!request.only && browsingNow.current) backToLive();
  });
  const stopNames = useMemo(() => new Map(stops.map((stop) => [stop.id, stop.name])), [stops]);
  const canEdit = canEditStops(role);
  return { browsing, view: setBrowsing, backToLive, historyButton, lastLook, restorer: canEdit ? restorer : null, canEdit, stopNames };
}
