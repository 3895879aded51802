/**
 * /share/:shareToken (docs/product.md#shared-trip): the read-only trip behind a share link, as a Story View or
 * a Map View. Its owner gets the fuller data and may edit a stop's journal, shown in place of the views.
 */
import { useParams } from 'react-router-dom';
import { sharePageMessages } from '../features/sharedTrip/messages.ts';
import { ShareNotFound, ShareSkeleton } from '../features/sharedTrip/ShareStates.tsx';
import { useSharedTrip } from '../features/sharedTrip/useSharedTrip.ts';
import { useDocumentMeta } from '../lib/useDocumentMeta.ts';
import { SharedTrip } from './SharedTrip.tsx';

const text = sharePageMessages;

export default function SharePage() {
  const { shareToken = '' } = useParams();
  const shared = useSharedTrip(shareToken);
  const trip = shared.status === 'ready' ? shared.trip : null;
  useDocumentMeta(
    shared.status === 'loading' ? text.loadingTitle : trip ? trip.title : text.notFoundTitle,
    trip ? trip.description || text.description(trip.title) : null,
  );

  if (shared.status === 'loading') return <ShareSkeleton />;
  if (shared.status === 'error') return <ShareNotFound message={shared.message} />;
  return <SharedTrip key={shared.trip.id} trip={shared.trip} shareToken={shareToken} isOwner={shared.isOwner} userId={shared.userId} />;
}
