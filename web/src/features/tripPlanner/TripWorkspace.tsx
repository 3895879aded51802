/**
 * The trip page once the trip is known: header with sharing and live status, the sidebar (a slot on top,
 * stops, add panel for owners and editors), the map, and a slot under the sidebar (the map stays beside
 * both on a desktop; a phone stacks them under a bar of links to each).
 * Stops and meta are read from the live document; the details call supplies the role and share token.
 */
import { lazy, memo, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { canEditStops, canManageCalendarFeed, canSetRouteMode, canShareTrip, computeSchedule, dailyDriveLimit, daysAreDated, isMember, localCalendarDate } from '@caravan/shared';
import { lastStopPosition, toMapStops } from '../../components/tripMap/mapData.ts';
import { TripMapLazy } from '../../components/tripMap/TripMapLazy.tsx';
import { useMapWeather } from '../../components/tripMap/useMapWeather.ts';
import type { TripConnectionView } from '../../lib/collab/useTripConnection.ts';
import { useTripMeta } from '../../lib/collab/useTripMeta.ts';
import { tripKeys } from '../../lib/tripQueries.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useGeolocation } from '../../lib/useGeolocation.ts';
import { startsWithinWeek } from '../../lib/offlineMap/autoPacks.ts';
import { usePackCoverage } from '../../lib/offlineMap/usePackCoverage.ts';
import { usePlaceSearch } from './add/placeSearchStore.tsx';
import { StopAddPanel } from './add/StopAddPanel.tsx';
import { useAddPlace } from './add/useAddPlace.ts';
import { usePlaceResults } from './add/usePlaceResults.ts';
import { ConnectionStatus } from './header/ConnectionStatus.tsx';
import { ExportDialog } from './header/ExportDialog.tsx';
import { OfflineMapControl } from './header/OfflineMapControl.tsx';
import { ShareControls } from './header/ShareControls.tsx';
import { TripHeader } from './header/TripHeader.tsx';
import { HistoryButton } from './history/HistoryButton.tsx';
import { historyMessages } from './history/messages.ts';
import { useTripHistory } from './history/useTripHistory.ts';
import { TripMuteToggle } from '../../components/notifications/TripMuteToggle.tsx';
import { tripPageMessages } from './messages.ts';
import { TRIP_SECTION_IDS, TripSectionLinks } from './TripSectionLinks.tsx';
import { StopsSection } from './stops/StopsSection.tsx';
import { usePlaceOnMap } from './stops/usePlaceOnMap.ts';
import { useRunOutOffer } from './corridor/useRunOutOffer.tsx';
import { useLinkedStop } from './stops/useLinkedStop.ts';
import { useStableStops } from './stops/useStableStops.ts';
import { useStopEditing } from './stops/useStopEditing.ts';
import type { TripSlots } from './tripSlots.ts';
import { usePresence } from './usePresence.ts';
import { useRouteModeChange } from './useRouteModeChange.ts';
import type { TripSummaryState } from './useTripSummary.ts';

const MemoStopsSection = memo(StopsSection);
// A version of the trip is browsed now and then: its view loads when first asked for.
const VersionBrowser = lazy(() => import('./history/VersionBrowser.tsx').then((module) => ({ default: module.VersionBrowser })));

const scrollToMap = () => document.getElementById(TRIP_SECTION_IDS.map)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });

interface Props {
  userId: number;
  trip: Extract<TripSummaryState, { status: 'ready' }>;
  live: TripConnectionView;
  /** The document has loaded once (from this device or the server); stays true through later disconnects. */
  docReady: boolean;
  /** What other features draw in the page (the route chooses). */
  slots: TripSlots;
}

export function TripWorkspace({ userId, trip, live, docReady, slots }: Props) {
  const { sidebarTop: SidebarTop, belowMap: BelowMap, pageTop: PageTop } = slots;
  const { summary, details } = trip;
  const { connection, status } = live;
  const meta = useTripMeta(live.doc);
  const users = usePresence(connection);
  const stops = useStableStops(live.stops);
  const editing = useStopEditing(connection);
  const undoManager = canEditStops(summary.role) ? (connection?.undoManager ?? null) : null;
  const placeOnMap = usePlaceOnMap(editing, stops, undoManager);
  const geolocation = useGeolocation();
  const queryClient = useQueryClient();
  const changeRouteMode = useRouteModeChange(summary.id);
  useLinkedStop(useMemo(() => stops.map((stop) => stop.id), [stops]));
  const history = useTripHistory(summary.id, userId, summary.role, stops);

  const canShare = canShareTrip(summary.role);
  const canEdit = docReady && canEditStops(summary.role);
  const rangeOffer = useRunOutOffer(summary.id, connection, canEditStops(summary.role));
  const title = meta.title ?? summary.title;
  const isPublic = meta.isPublic ?? summary.isPublic;
  const routeMode = meta.routeMode ?? summary.routeMode;
  useDocumentTitle(tripPageMessages.title(title));

  // Someone made the trip public elsewhere: only the details call carries the new share token.
  useEffect(() => {
    if (canShare && isPublic && !summary.shareToken) void queryClient.invalidateQueries({ queryKey: tripKeys.details(summary.id) });
  }, [canShare, isPublic, summary.shareToken, summary.id, queryClient]);

  const origin = lastStopPosition(stops) ?? geolocation.position;
  const places = usePlaceResults(origin);
  const searchArea = usePlaceSearch((state) => state.searchArea);
  const setViewCentre = usePlaceSearch((state) => state.setViewCentre);
  const addPlace = useAddPlace(editing.add, stops);
  // The days the map colours the route by: the same schedule the itinerary shows, and the same weather (one ask).
  const schedule = useMemo(() => computeSchedule(meta, stops, { today: localCalendarDate() }), [meta, stops]);
  const days = schedule.days;
  const today = localCalendarDate();
  const startsSoon = daysAreDated(meta, stops) && startsWithinWeek(days[0]?.date ?? null, days.at(-1)?.date ?? null, today);
  const offlinePack = usePackCoverage(userId, summary.id);
  const mapWeather = useMapWeather({ tripId: summary.id, settings: meta, schedule, stops });
  const mapStops = useMemo(() => toMapStops(stops, days), [stops, days]);
  const { placing, place, cancel: cancelPlacing, startNew, pick } = placeOnMap;
  // On a phone the map is below the form: bring it into view for the click.
  const placeNewStop = useCallback<typeof startNew>(
    (fields, index, onAdded) => {
      startNew(fields, index, onAdded);
      scrollToMap();
    },
    [startNew],
  );
  const pickOnMap = useCallback<typeof pick>(
    (name, onPicked) => {
      pick(name, onPicked);
      scrollToMap();
    },
    [pick],
  );
  const mapPlacing = useMemo(
    () =>
      placing && (canEdit || !placing.changesStops)
        ? { prompt: tripPageMessages.placingMap(placing.name), onPlace: place, onCancel: cancelPlacing }
        : null,
    [placing, canEdit, place, cancelPlacing],
  );
  const slotProps = { tripId: summary.id, userId, role: summary.role, connection, details, pickOnMap };
  // The page comes back with the trip as the server has it.
  const discardEdits = useCallback(() => void connection?.discardLocalChanges().then(() => location.reload()), [connection]);

  return (
    <div className="trip-page">
      <TripHeader
        title={title}
        description={meta.description !== undefined ? meta.description : summary.description}
        sharing={<ShareControls tripId={summary.id} isPublic={isPublic} shareToken={summary.shareToken} canChange={canShare} />}
        exports={<ExportDialog tripId={summary.id} isOwner={canManageCalendarFeed(summary.role)} />}
        offlineMap={
          isMember(summary.role) ? <OfflineMapControl userId={userId} tripId={summary.id} tripTitle={title} startsSoon={startsSoon} /> : undefined
        }
        mute={isMember(summary.role) ? <TripMuteToggle tripId={summary.id} tripTitle={title} /> : undefined}
        history={
          isMember(summary.role) ? (
            <HistoryButton
              tripId={summary.id}
              canEdit={history.canEdit}
              lastLook={history.lastLook}
              stopNames={history.stopNames}
              restorer={history.restorer}
              onView={history.view}
              buttonRef={history.historyButton}
            />
          ) : undefined
        }
        status={<ConnectionStatus status={status} users={users} onDiscardEdits={discardEdits} />}
      />
      <TripSectionLinks />
      {PageTop && !history.browsing && <PageTop {...slotProps} />}
      {history.browsing ? (
        <Suspense fallback={<p className="muted">{historyMessages.versionLoading}</p>}>
          <VersionBrowser
            key={history.browsing.id}
            tripId={summary.id}
            userId={userId}
            version={history.browsing}
            restorer={history.restorer}
            stopNames={history.stopNames}
            onBack={history.backToLive}
            VersionView={slots.versionView}
          />
        </Suspense>
      ) : (
        <div className="trip-layout">
          <div className="trip-sidebar">
            <SidebarTop {...slotProps} />
            <MemoStopsSection tripId={summary.id} stops={stops} ready={docReady} canEdit={canEdit} connection={connection} editing={editing} users={users} onPlace={placeOnMap.start} />
            {canEdit && (
              <StopAddPanel
                tripId={summary.id}
                canSearch={origin !== null}
                places={places}
                stops={stops}
                onAddPlace={addPlace}
                add={editing.add}
                onPlaceNew={placeNewStop}
              />
            )}
          </div>
          <div className="trip-map-column" id={TRIP_SECTION_IDS.map}>
            <TripMapLazy
              stops={mapStops}
              routeMode={routeMode}
              dailyDriveLimitMinutes={dailyDriveLimit(meta)}
              onRouteModeChange={canSetRouteMode(summary.role) ? changeRouteMode : undefined}
              places={canEdit ? places.results : undefined}
              onAddPlace={canEdit ? addPlace : undefined}
              onSearchArea={canEdit && places.keyword ? searchArea : undefined}
              userLocation={geolocation.position}
              locationError={geolocation.error}
              onMoveStop={canEdit ? placeOnMap.moveStop : undefined}
              placing={mapPlacing}
              onViewCentre={setViewCentre}
              days={days}
              rangeOffer={rangeOffer}
              weather={mapWeather}
              offlinePack={offlinePack}
            />
          </div>
          <div className="trip-main" id={TRIP_SECTION_IDS.story}>
            <BelowMap {...slotProps} />
          </div>
        </div>
      )}
    </div>
  );
}
