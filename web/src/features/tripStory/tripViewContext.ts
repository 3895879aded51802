/** What every stop card of one trip view shares: who is looking, the trip's stops and the view's actions. */
import { createContext, useContext, type ReactNode } from 'react';
import type * as Y from 'yjs';
import { canResolveComments, isMember, isOwner, type DayWarning, type TRoadSettings, type TTripRole, type TTripStop } from '@caravan/shared';

/** Where the car's range runs out on a day (a day warning). */
export type RunOutWarning = Extract<DayWarning, { kind: 'rangeRunsOut' }>;

export interface TripViewContextValue {
  tripId: string;
  /** The share page's link token: its readers ask what members ask by trip (the weather) by it. */
  shareToken?: string;
  role: TTripRole | null;
  doc: Y.Doc | null;
  /** The trip's arrival time of day and daily driving limit, live from the document's meta. */
  roadSettings: TRoadSettings;
  toggleVisited: (stop: TTripStop) => void;
  /** Refetches the trip's details (and a share page's public trip) after a change made by call. */
  refresh: () => void;
  /** When given, a story card's edit opens the journal editor here instead of inline (share page). */
  onEditJournal?: (stopId: string) => void;
  /** What the trip page offers under a range warning (stations to add there); the share page offers nothing. */
  runOutOffer?: (runOut: RunOutWarning) => ReactNode;
}

export const TripViewContext = createContext<TripViewContextValue | null>(null);

/**
 * All stops in trip order, as shown (visited changes applied optimistically). A context of its own: it
 * changes on every stop edit, and the 200 cards of a long trip read only the context above, so a reorder
 * re-renders the cards whose stop changed, not all of them.
 */
export const TripViewStopsContext = createContext<TTripStop[]>([]);

export const useTripViewStops = (): TTripStop[] => useContext(TripViewStopsContext);

export function useTripViewContext(): TripViewContextValue & { isOwner: boolean; isMember: boolean; canResolve: boolean } {
  const context = useContext(TripViewContext);
  if (!context) throw new Error('useTripViewContext outside a TripView');
  return {
    ...context,
    isOwner: isOwner(context.role),
    isMember: isMember(context.role),
    canResolve: canResolveComments(context.role),
  };
}
