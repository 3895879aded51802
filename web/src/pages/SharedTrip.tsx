/**
 * A shared trip once loaded: the Story View / Map View toggle (SPEC-2 §2.5); for the owner, a stop's
 * journal editor replaces the views while it is open.
 */
import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import type { TPublicTrip } from '@caravan/shared';
import { toMapStops } from '../components/tripMap/mapData.ts';
import { TripMapLazy } from '../components/tripMap/TripMapLazy.tsx';
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
      <Tabs.Root value={view} onValueChange={(value) => setView(value as 'story' | 'map')} className="tabs">
        <Tabs.List className="tab-list segmented" aria-label={text.views}>
          <Tabs.Trigger value="story" className="tab">
            {text.storyView}
          </Tabs.Trigger>
          <Tabs.Trigger value="map" className="tab">
            {text.mapView}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="story">
          <TripView {...viewProps} standalone onEditJournal={isOwner ? setEditing : undefined} />
        </Tabs.Content>
        <Tabs.Content value="map">
          {trip.stops.length === 0 ? (
            <div className="empty-state">
              <h2>{tripViewMessages.noStopsTitle}</h2>
              <p>{tripViewMessages.noStopsBody}</p>
            </div>
          ) : (
            <TripMapLazy stops={toMapStops(trip.stops)} routeMode={trip.routeMode} />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
