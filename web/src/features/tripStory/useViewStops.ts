/**
 * The stops a trip view shows, in trip order with 0-based stopOrder: live from the trip document when the
 * page has one that holds the trip (stop fields change there first), with journal entries — which live
 * in PostgreSQL — taken from the details answer; otherwise the details answer as it is (share page).
 * A stop that did not change keeps its object, so after a reorder only the cards whose stop or position
 * changed re-render (200 story cards otherwise re-render on every drop).
 */
import { useMemo, useRef } from 'react';
import type * as Y from 'yjs';
import { orderedStops, stopsMap, type DocStop, type TPublicTrip, type TTripStop } from '@caravan/shared';
import { useDocValue } from '../../lib/collab/useDocValue.ts';
import { keepUnchanged } from '../../lib/sameShallow.ts';

const NONE: DocStop[] = [];
const NO_STOPS: TTripStop[] = [];

export function useViewStops(tripId: string, doc: Y.Doc | null, detail: TPublicTrip | null): TTripStop[] {
  const live = useDocValue(doc, stopsMap, orderedStops, NONE);
  const previous = useRef<{ items: TTripStop[]; byId: Map<string, TTripStop> }>({ items: NO_STOPS, byId: new Map() });
  return useMemo(() => {
    if (!live.ready) return detail?.stops ?? NO_STOPS;
    const fromDetail = new Map((detail?.stops ?? []).map((stop) => [stop.id, stop]));
    const next = live.value.map(({ pos: _pos, ...stop }, stopOrder) => ({
      ...stop,
      tripId,
      stopOrder,
      photos: stop.photos ?? [],
      journalEntries: fromDetail.get(stop.id)?.journalEntries ?? [],
    }));
    const kept = keepUnchanged(previous.current.byId, next);
    const changed = kept.changed || kept.items.some((stop, index) => stop !== previous.current.items[index]);
    if (changed) previous.current = { items: kept.items, byId: kept.byId };
    return previous.current.items;
  }, [live, detail, tripId]);
}
