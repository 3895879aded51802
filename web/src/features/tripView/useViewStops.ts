/**
 * The stops a trip view shows, in trip order with 0-based stopOrder: live from the trip document when the
 * page has one that holds the trip (stop fields change there first), with journal entries — which live
 * in PostgreSQL — taken from the details answer; otherwise the details answer as it is (share page).
 */
import { useMemo } from 'react';
import type * as Y from 'yjs';
import { orderedStops, stopsMap, type DocStop, type TPublicTrip, type TTripStop } from '@caravan/shared';
import { useDocValue } from '../collaboration/useDocValue.ts';

const NONE: DocStop[] = [];
const NO_STOPS: TTripStop[] = [];

export function useViewStops(tripId: string, doc: Y.Doc | null, detail: TPublicTrip | null): TTripStop[] {
  const live = useDocValue(doc, stopsMap, orderedStops, NONE);
  return useMemo(() => {
    if (!live.ready) return detail?.stops ?? NO_STOPS;
    const fromDetail = new Map((detail?.stops ?? []).map((stop) => [stop.id, stop]));
    return live.value.map(({ pos: _pos, ...stop }, stopOrder) => ({
      ...stop,
      tripId,
      stopOrder,
      photos: stop.photos ?? [],
      journalEntries: fromDetail.get(stop.id)?.journalEntries ?? [],
    }));
  }, [live, detail, tripId]);
}
