/**
 * The trip view's shared state: live stops with optimistic visited changes and each stop's current drive, the
 * trip's meta, and the card context.
 */
import { useMemo, type ReactNode } from 'react';
import type * as Y from 'yjs';
import type { TTripRole, TVehicle } from '@caravan/shared';
import type { RunOutWarning, TripViewContextValue } from './tripViewContext.ts';
import { useCurrentDrives } from './useCurrentDrives.ts';
import { useLiveMeta, type TripViewDetail } from './useLiveMeta.ts';
import { useRefreshTrip } from './useRefreshTrip.ts';
import { useViewStops } from './useViewStops.ts';
import { useVisitedToggle } from './useVisitedToggle.ts';

export interface TripViewProps {
  tripId: string;
  /** The viewer's role on the trip; null for a share-link viewer who is not its owner (read-only). */
  role: TTripRole | null;
  userId: number | null;
  /** The live trip document, when the page has one. */
  doc: Y.Doc | null;
  /** /trips/details (or /trips/public on the share page); null while a trip page runs from its offline cache. */
  detail: TripViewDetail | null;
  /** See TripViewContextValue.shareToken. */
  shareToken?: string;
  /** See TripViewContextValue.onEditJournal. */
  onEditJournal?: (stopId: string) => void;
  /** See TripViewContextValue.runOutOffer. */
  runOutOffer?: (runOut: RunOutWarning) => ReactNode;
  /** The trip view is the page (share page): its hero title is the page's heading. */
  standalone?: boolean;
  /** More views in the same toggle after Story and Itinerary (the share page's Map View), so one toggle switches them all. */
  extraViews?: ReadonlyArray<{ value: string; label: string; content: ReactNode }>;
}

export function useTripViewModel({ tripId, shareToken, role, doc, detail, onEditJournal, runOutOffer }: TripViewProps) {
  const meta = useLiveMeta(doc, detail);
  const refresh = useRefreshTrip(tripId);
  const visited = useVisitedToggle(tripId, doc, useViewStops(tripId, doc, detail), refresh);
  const stops = useCurrentDrives(visited.stops);
  const { arrivalTime, dailyDriveLimitMinutes, startDate, departureTime, earliestDeparture, warnAfterSunset } = meta.roadSettings;
  // The vehicle is read afresh on every render: kept by its value, so the schedule is computed again only when it changes.
  const vehicleKey = JSON.stringify(meta.roadSettings.vehicle);
  const vehicle = useMemo(() => JSON.parse(vehicleKey) as TVehicle, [vehicleKey]);
  const context = useMemo<TripViewContextValue>(
    () => ({
      tripId,
      shareToken,
      role,
      doc,
      roadSettings: { arrivalTime, dailyDriveLimitMinutes, startDate, departureTime, earliestDeparture, warnAfterSunset, vehicle },
      toggleVisited: visited.toggle,
      refresh,
      onEditJournal,
      runOutOffer,
    }),
    [tripId, shareToken, role, doc, arrivalTime, dailyDriveLimitMinutes, startDate, departureTime, earliestDeparture, warnAfterSunset, vehicle, visited.toggle, refresh, onEditJournal, runOutOffer],
  );
  return { meta, stops, context };
}

