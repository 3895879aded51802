/**
 * What an expanded stop card shows: the journal timeline (under 'Journal Entries' in the itinerary, with
 * the stop's 'Notes'), the hand-offs to navigation apps for a stop with a position, and the comment thread
 * for members of the trip.
 */
import { hasPosition, type TTripStop } from '@caravan/shared';
import { NavigationLinks } from '../../../components/tripMap/NavigationLinks.tsx';
import { CommentThread } from '../comments/CommentThread.tsx';
import { JournalTimeline } from '../journal/JournalTimeline.tsx';
import { tripViewMessages } from '../messages.ts';
import { useTripViewContext } from '../tripViewContext.ts';

const text = tripViewMessages;

export function StopDetails({ stop, mode }: { stop: TTripStop; mode: 'story' | 'itinerary' }) {
  const { tripId, isMember } = useTripViewContext();
  return (
    <div className="stop-details">
      {mode === 'itinerary' ? (
        <>
          <h4>{text.journalEntries}</h4>
          <JournalTimeline stop={stop} />
          <h4>{text.notes}</h4>
          <p className={stop.notes ? 'stop-notes' : 'empty-text'}>{stop.notes || text.noNotes}</p>
        </>
      ) : (
        <JournalTimeline stop={stop} />
      )}
      {hasPosition(stop) && <NavigationLinks name={stop.name} address={stop.address} latitude={stop.latitude} longitude={stop.longitude} />}
      {isMember && <CommentThread tripId={tripId} stopId={stop.id} />}
    </div>
  );
}
