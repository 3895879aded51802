/**
 * Structural sharing for the stop list: the live document hands back fresh objects on every change, so a
 * stop whose fields did not change keeps its previous object and its memoized row does not re-render.
 * With 200 stops, a move re-renders the moved row and its neighbours' numbers, not the whole list.
 */
import { useRef } from 'react';
import type { DocStop } from '@caravan/shared';

function sameStop(a: DocStop, b: DocStop): boolean {
  for (const key of Object.keys(b) as Array<keyof DocStop>) {
    const left = a[key];
    const right = b[key];
    if (left === right) continue;
    // `photos` is the one array field; compare it by content.
    if (Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, i) => item === right[i])) continue;
    return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

export function useStableStops(stops: DocStop[]): DocStop[] {
  const previous = useRef<{ input: DocStop[]; output: DocStop[]; byId: Map<string, DocStop> }>({
    input: [],
    output: [],
    byId: new Map(),
  });
  if (previous.current.input === stops) return previous.current.output;
  const byId = new Map<string, DocStop>();
  let changed = stops.length !== previous.current.output.length;
  const output = stops.map((stop, index) => {
    const old = previous.current.byId.get(stop.id);
    const kept = old && sameStop(old, stop) ? old : stop;
    byId.set(stop.id, kept);
    if (previous.current.output[index] !== kept) changed = true;
    return kept;
  });
  const result = changed ? output : previous.current.output;
  previous.current = { input: stops, output: result, byId };
  return result;
}
