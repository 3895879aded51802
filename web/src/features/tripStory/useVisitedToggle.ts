/**
 * Toggling visited (owner only): shown at once, kept until the trip says the same (through the
 * live document or a refetch), rolled back with 'Failed to update stop status' when it fails. On the trip
 * page it is a live-document edit, so it works offline like other stop edits (see ./ownerStopEdits.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type * as Y from 'yjs';
import type { TTripStop } from '@caravan/shared';
import { useToastStore } from '../../lib/toastStore.ts';
import { tripViewMessages } from './messages.ts';
import { setStopVisited } from './ownerStopEdits.ts';

const text = tripViewMessages;

export function useVisitedToggle(tripId: string, doc: Y.Doc | null, stops: TTripStop[], refresh: () => void) {
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const showToast = useToastStore((state) => state.show);

  // A pending value the trip now agrees with (or a stop that is gone) needs no overlay any more.
  useEffect(() => {
    if (pending.size === 0) return;
    const byId = new Map(stops.map((stop) => [stop.id, stop.visited]));
    const settled = [...pending].filter(([id, visited]) => !byId.has(id) || byId.get(id) === visited);
    if (settled.length === 0) return;
    setPending((current) => {
      const next = new Map(current);
      for (const [id] of settled) next.delete(id);
      return next;
    });
  }, [stops, pending]);

  const shown = useMemo(
    () =>
      pending.size === 0
        ? stops
        : stops.map((stop) => {
            const visited = pending.get(stop.id);
            return visited === undefined || visited === stop.visited
              ? stop
              : { ...stop, visited, visitedAt: visited ? new Date().toISOString() : null };
          }),
    [stops, pending],
  );

  const toggle = useCallback(
    (stop: TTripStop) => {
      const visited = !stop.visited;
      setPending((current) => new Map(current).set(stop.id, visited));
      setStopVisited(tripId, doc, stop.id, visited).then(
        (result) => {
          showToast(result.visited ? text.markedVisited : text.markedUnvisited, 'success');
          refresh();
        },
        () => {
          setPending((current) => {
            const next = new Map(current);
            next.delete(stop.id);
            return next;
          });
          showToast(text.visitedFailed, 'error');
        },
      );
    },
    [tripId, doc, refresh, showToast],
  );

  return { stops: shown, toggle };
}
