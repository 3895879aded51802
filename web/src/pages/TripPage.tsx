/**
 * /trips/:tripId (docs/product.md#trip-page): opens the trip's live document and its details together, so a trip
 * cached on this device shows at once, also offline; then the loading, failure and not-found states, or the
 * trip planner with the collaboration panel and the trip view in its slots.
 */
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { canWriteLiveDoc, type TAuthUser } from '@caravan/shared';
import { PlaceSearchProvider } from '../features/tripPlanner/add/placeSearchStore.tsx';
import { tripPageMessages } from '../features/tripPlanner/messages.ts';
import { TripLoadError, TripNotFound, TripPageSkeleton } from '../features/tripPlanner/TripPageStates.tsx';
import { TripWorkspace } from '../features/tripPlanner/TripWorkspace.tsx';
import { useTripSummary } from '../features/tripPlanner/useTripSummary.ts';
import { useTripConnection } from '../lib/collab/useTripConnection.ts';
import { registerAppShellWorker } from '../lib/offline/registerAppShellWorker.ts';
import { tripSlots } from './TripSlots.tsx';

export default function TripPage({ user }: { user: TAuthUser }) {
  const { tripId = '' } = useParams();
  // A new trip is a new page: no search, latch or connection carries over.
  return <TripPageContent key={tripId} tripId={tripId} userId={user.id} />;
}

function TripPageContent({ tripId, userId }: { tripId: string; userId: number }) {
  const trip = useTripSummary(tripId, userId);
  // Until the role is known the member counts as a writer: an edit made meanwhile still shows as saving.
  const live = useTripConnection(tripId, userId, trip.status === 'ready' && !canWriteLiveDoc(trip.summary.role));
  const everReady = useRef(false);
  if (live.status.synced || live.status.loadedFromCache) everReady.current = true;
  // Once the trip is ready the workspace titles the page with the live title.
  useEffect(() => {
    if (trip.status === 'not-found') document.title = tripPageMessages.title(tripPageMessages.notFoundTitle);
    else if (trip.status !== 'ready') document.title = tripPageMessages.loadingTitle;
  }, [trip.status]);
  // The trip page is what works offline; the worker keeps the app itself loadable without a network.
  useEffect(() => registerAppShellWorker(), []);

  if (trip.status === 'loading') return <TripPageSkeleton />;
  if (trip.status === 'not-found') return <TripNotFound />;
  if (trip.status === 'error') return <TripLoadError message={trip.message} />;
  return (
    <PlaceSearchProvider>
      <TripWorkspace userId={userId} trip={trip} live={live} docReady={everReady.current} slots={tripSlots} />
    </PlaceSearchProvider>
  );
}
