/**
 * The trip page showing a version instead of the live trip, read-only: the banner, the stops as they were (with
 * what happened to each since), what changed since in full, the map, and the trip view's days and the costs over
 * the version's own document (a Y.Doc never connected; those views come from the page's slot and are shown with no
 * right to change anything).
 */
import { useId, useMemo } from 'react';
import { computeSchedule, dailyDriveLimit, localCalendarDate, orderedStops, type TTripVersion } from '@caravan/shared';
import { toMapStops } from '../../../components/tripMap/mapData.ts';
import { TripMapLazy } from '../../../components/tripMap/TripMapLazy.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useTripMeta } from '../../../lib/collab/useTripMeta.ts';
import { TRIP_SECTION_IDS } from '../TripSectionLinks.tsx';
import type { TripSlots } from '../tripSlots.ts';
import { BrowseStopList } from './BrowseStopList.tsx';
import { ChangesView } from './ChangesView.tsx';
import { historyMessages as text } from './messages.ts';
import type { useRestore } from './useRestore.ts';
import { useVersionView } from './useVersionView.ts';
import { VersionBanner } from './VersionBanner.tsx';
import './history.css';

interface Props {
  tripId: string;
  userId: number;
  version: TTripVersion;
  /** Owners and editors: the restore buttons. */
  restorer: ReturnType<typeof useRestore> | null;
  /** The live trip's stop names, for the days of "what changed since". */
  stopNames: ReadonlyMap<string, string>;
  onBack: () => void;
  /** The trip view over the version's document (the page's slot). */
  VersionView: TripSlots['versionView'];
}

export function VersionBrowser({ tripId, userId, version, restorer, stopNames, onBack, VersionView }: Props) {
  const id = useId();
  const view = useVersionView(tripId, version.id);
  const { doc } = view;
  const meta = useTripMeta(doc);
  const stops = useMemo(() => (doc ? orderedStops(doc) : []), [doc]);
  const days = useMemo(() => computeSchedule(meta, stops, { today: localCalendarDate() }).days, [meta, stops]);
  const mapStops = useMemo(() => toMapStops(stops, days), [stops, days]);
  const title = text.versionTitle(version.kind, version.name);
  const restore = restorer?.restore;
  const restoreStop = restore && ((stopId: string, name: string) => restore({ versionId: version.id, only: { stopId }, what: name }));

  return (
    <>
      <VersionBanner
        takenAt={version.takenAt}
        title={title}
        onBack={onBack}
        restoring={restorer?.pending ?? false}
        onRestore={restore && (() => restore({ versionId: version.id, what: text.restoredVersion }))}
      />
      {view.read.isPending && <p className="muted" role="status">{text.versionLoading}</p>}
      {view.read.isError && (
        <p role="alert" className="form-error">
          {text.versionFailed}: {errorMessage(view.read.error)}
        </p>
      )}
      {doc && (
        <div className="trip-layout history-browse">
          <div className="trip-sidebar" id={TRIP_SECTION_IDS.stops}>
            <BrowseStopList stops={stops} changedStops={view.changedStops} headingId={`${id}-stops`} onRestoreStop={restoreStop} restoring={restorer?.pending ?? false} />
            <div className="card">
              <ChangesView
                tripId={tripId}
                fromVersionId={version.id}
                toVersionId={null}
                fromLabel={title}
                toLabel={text.now}
                stopNames={stopNames}
                restorer={restorer}
              />
            </div>
          </div>
          <div className="trip-map-column" id={TRIP_SECTION_IDS.map}>
            <TripMapLazy stops={mapStops} routeMode={meta.routeMode ?? false} dailyDriveLimitMinutes={dailyDriveLimit(meta)} days={days} />
          </div>
          <div className="trip-main" id={TRIP_SECTION_IDS.story}>
            <VersionView tripId={tripId} userId={userId} doc={doc} />
          </div>
        </div>
      )}
    </>
  );
}
