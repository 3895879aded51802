/**
 * A shared trip once loaded (docs/product.md#shared-trip): the trip view, whose one toggle switches Story View,
 * Itinerary View and Map View (two stacked toggles both reading 'Story View' confused people), the map by the day with
 * each day's weather as the itinerary has it (one ask); for the owner, a
 * stop's journal editor replaces the views while it is open.
 */
import { useMemo, useState } from 'react';
import { computeSchedule, dailyDriveLimit, localCalendarDate, roadSettingsOf, type ScheduleStopInput, type TPublicTrip } from '@caravan/shared';
import { toMapStops } from '../components/tripMap/mapData.ts';
import { TripMapLazy } from '../components/tripMap/TripMapLazy.tsx';
import { useMapWeather } from '../components/tripMap/useMapWeather.ts';
import { sharePageMessages } from '../features/sharedTrip/messages.ts';
import { TripJournalEditor } from '../features/tripStory/TripJournalEditor.tsx';
import { TripView } from '../features/tripStory/TripView.tsx';

const text = sharePageMessages;

export function SharedTrip({ trip, shareToken, isOwner, userId }: { trip: TPublicTrip; shareToken: string; isOwner: boolean; userId: number | null }) {
  const [editing, setEditing] = useState<string | null>(null);
  const viewProps = { tripId: trip.id, shareToken, role: isOwner ? ('owner' as const) : null, userId, doc: null, detail: trip };
  // The same settings, schedule and stop-days the itinerary works out from this answer.
  const settings = useMemo(() => roadSettingsOf(trip), [trip]);
  const stops = trip.stops as readonly ScheduleStopInput[];
  const schedule = useMemo(() => computeSchedule(settings, stops, { today: localCalendarDate() }), [settings, stops]);
  const weather = useMapWeather({ tripId: trip.id, shareToken, settings, schedule, stops });
  const mapStops = useMemo(() => toMapStops(trip.stops, schedule.days), [trip.stops, schedule]);

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

  // A trip without stops shows the trip view's empty state, which is what the Map View said too.
  const map = <TripMapLazy stops={mapStops} routeMode={trip.routeMode} dailyDriveLimitMinutes={dailyDriveLimit(settings)} days={schedule.days} weather={weather} />;
  const mapView = { value: 'map', label: text.mapView, content: map };
  return (
    <div className="share-page">
      <TripView {...viewProps} standalone onEditJournal={isOwner ? setEditing : undefined} extraViews={[mapView]} />
    </div>
  );
}
