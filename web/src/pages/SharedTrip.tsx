/**
 * A shared trip once loaded: the Story View / Map View toggle (SPEC-2 §2.5); for the owner, a stop's
 * journal editor replaces the views while it is open.
 */
import { useState } from 'react';
import type { TPublicTrip } from '@caravan/shared';
import { toMapStops } from '../components/tripMap/mapData.ts';
import { TripMapLazy } from '../components/tripMap/TripMapLazy.tsx';
import { ViewTabs } from '../components/ViewTabs.tsx';
import { sharePageMessages } from '../features/sharedTrip/messages.ts';
import { tripViewMessages } from '../features/tripStory/messages.ts';
import { TripJournalEditor } from '../features/tripStory/TripJournalEditor.tsx';
import { TripView } from '../features/tripStory/TripView.tsx';

const text = sharePageMessages;

export function SharedTrip({ trip, isOwner, userId }: { trip: TPublicTrip; isOwner: boolean; userId: number | null }) {
  const [view, setView] = useState<'story' | 'map'>('story');
  const [editing, setEditing] = useState<string | null>(null);
  const viewProps = { tripId: trip.id, role: isOwner ? ('owner' as const) : null, userId, doc: null, detail: trip };

  if (editing) {
    return (
      <div className="share-page">
        <button type="button" className="link-button back-link" onClick={() => setEditing(null)}>
          ← {text.backToTrip}
        </button>
        <TripJournalEditor {...viewProps} stopId={editing} onClose={() => setEditing(null)} />
      </div>
    );
  }

  return (
    <div className="share-page">
      <ViewTabs
        label={text.views}
        value={view}
        onValueChange={setView}
        listClassName="tab-list segmented"
        tabs={[
          { value: 'story', label: text.storyView, content: <TripView {...viewProps} standalone onEditJournal={isOwner ? setEditing : undefined} /> },
          { value: 'map', label: text.mapView, content: <SharedTripMap trip={trip} /> },
        ]}
      />
    </div>
  );
}

/** The Map View: the trip's stops on the map, or the empty state when it has none. */
function SharedTripMap({ trip }: { trip: TPublicTrip }) {
  if (trip.stops.length === 0) {
    return (
      <div className="empty-state">
        <h2>{tripViewMessages.noStopsTitle}</h2>
        <p>{tripViewMessages.noStopsBody}</p>
      </div>
    );
  }
  return <TripMapLazy stops={toMapStops(trip.stops)} routeMode={trip.routeMode} />;
}
