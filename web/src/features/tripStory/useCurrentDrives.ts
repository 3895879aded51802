/**
 * The trip view's stops with each one's drive as every reader shows it (shared withCurrentDrives):
 * the current leg's minutes and distance, a stale leg as not known yet. Stops whose drive did not change keep
 * their objects from one render to the next, so memoized cards of a long trip skip rendering.
 */
import { useRef } from 'react';
import { withCurrentDrives, type TTripStop } from '@caravan/shared';
import { keepUnchanged } from '../../lib/sameShallow.ts';

export function useCurrentDrives(stops: TTripStop[]): TTripStop[] {
  const previous = useRef<{ input: TTripStop[]; items: TTripStop[]; byId: Map<string, TTripStop> } | null>(null);
  if (previous.current?.input === stops) return previous.current.items;
  const kept = keepUnchanged(previous.current?.byId ?? new Map(), withCurrentDrives(stops));
  const sameItems = previous.current && !kept.changed && kept.items.every((stop, index) => stop === previous.current!.items[index]);
  previous.current = { input: stops, items: sameItems ? previous.current!.items : kept.items, byId: kept.byId };
  return previous.current.items;
}
