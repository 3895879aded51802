/**
 * The stops part of the sidebar: heading with Along the route for every member, Import places, Optimise route,
 * Plan my days and Undo/Redo for editors, the list (a skeleton until the live document has loaded from the cache or the server), the presence
 * markers on stops others drag, 'Set location' for stops without a position, 'Edit details' and 'Plan', and the notice
 * when another member's change made at the same time replaced this member's.
 */
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_HOME_CURRENCY, readMoney, type DocStop } from '@caravan/shared';
import type { PresentUser, TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useUndoShortcuts } from '../../../lib/collab/useUndoShortcuts.ts';
import { tripPageMessages } from '../messages.ts';
import { ImportPlacesDialog } from '../import/ImportPlacesDialog.tsx';
import { OptimiseRouteDialog } from '../optimise/OptimiseRouteDialog.tsx';
import { planDaysMessages } from '../planDays/messages.ts';
import { PlanDaysDialog } from '../planDays/PlanDaysDialog.tsx';
import { AlongRouteDialog } from '../corridor/AlongRouteDialog.tsx';
import { corridorText } from '../corridor/messages.ts';
import { SetLocationDialog } from './SetLocationDialog.tsx';
import { StopDetailsDialog } from './StopDetailsDialog.tsx';
import { TRIP_SECTION_IDS } from '../TripSectionLinks.tsx';
import { StopList } from './StopList.tsx';
import type { StopEditOpener } from './StopRowContent.tsx';
import { StopPlanDialog } from './plan/StopPlanDialog.tsx';
import type { StopEditing } from './useStopEditing.ts';
import { useOverriddenEditNotice } from './useOverriddenEditNotice.ts';
import { useUndoState } from './useUndoState.ts';

const text = tripPageMessages;
const SKELETON_ROWS = 3;

interface Props {
  tripId: string;
  stops: DocStop[];
  ready: boolean;
  canEdit: boolean;
  connection: TripConnection | null;
  editing: StopEditing;
  users: PresentUser[];
  /** 'Place on map' in 'Edit details': the next click on the map places the stop. */
  onPlace: (stop: DocStop) => void;
}

export function StopsSection({ tripId, stops, ready, canEdit, connection, editing, users, onPlace }: Props) {
  const undoManager = canEdit ? (connection?.undoManager ?? null) : null;
  useUndoShortcuts(undoManager);
  const { canUndo, canRedo } = useUndoState(undoManager);
  useOverriddenEditNotice(canEdit ? connection : null, stops);
  const [optimising, setOptimising] = useState(false);
  const [planningDays, setPlanningDays] = useState(false);
  const [locating, setLocating] = useState<DocStop | null>(null);
  const [editingDetails, setEditingDetails] = useState<DocStop | null>(null);
  const [planning, setPlanning] = useState<DocStop | null>(null);
  // Null while closed; '' for the whole trip, else the stop whose leg it opens on.
  const [alongFrom, setAlongFrom] = useState<string | null>(null);
  const openEditor = useCallback<StopEditOpener>((stop, part = 'details') => {
    if (part === 'alongRoute') setAlongFrom(stop.id);
    else (part === 'plan' ? setPlanning : setEditingDetails)(stop);
  }, []);
  const [importing, setImporting] = useState(false);
  const movingBy = useMemo(() => {
    const byStop = new Map<string, string>();
    for (const user of users) if (user.dragging) byStop.set(user.dragging, user.name);
    return byStop;
  }, [users]);

  return (
    <section className="card stops-section" id={TRIP_SECTION_IDS.stops} aria-labelledby="stops-heading">
      <div className="section-header">
        <h2 id="stops-heading">{text.stopsHeading}</h2>
        {(undoManager || ready) && (
          <div className="undo-buttons">
            {ready && (
              <button type="button" className="button small ghost" title={corridorText.openHint} onClick={() => setAlongFrom('')}>
                {corridorText.open}
              </button>
            )}
            {undoManager && ready && (
              <button type="button" className="button small ghost" title={text.importPlaces.openHint} onClick={() => setImporting(true)}>
                {text.importPlaces.open}
              </button>
            )}
            {undoManager && ready && (
              <button type="button" className="button small ghost" title={text.optimise.openHint} onClick={() => setOptimising(true)}>
                {text.optimise.open}
              </button>
            )}
            {undoManager && ready && (
              <button type="button" className="button small ghost" title={planDaysMessages.openHint} onClick={() => setPlanningDays(true)}>
                {planDaysMessages.open}
              </button>
            )}
            {undoManager && (
              <>
                <button type="button" className="button small ghost" disabled={!canUndo} title={text.undoHint} onClick={() => undoManager.undo()}>
                  {text.undo}
                </button>
                <button type="button" className="button small ghost" disabled={!canRedo} title={text.redoHint} onClick={() => undoManager.redo()}>
                  {text.redo}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      {undoManager && connection && (
        <>
          <OptimiseRouteDialog open={optimising} onOpenChange={setOptimising} tripId={tripId} connection={connection} stops={stops} />
          <PlanDaysDialog open={planningDays} onOpenChange={setPlanningDays} tripId={tripId} connection={connection} stops={stops} />
          <ImportPlacesDialog open={importing} onOpenChange={setImporting} tripId={tripId} connection={connection} stops={stops} />
        </>
      )}
      {ready && (
        <AlongRouteDialog
          open={alongFrom !== null}
          onOpenChange={(open) => !open && setAlongFrom(null)}
          tripId={tripId}
          stops={stops}
          connection={undoManager ? connection : null}
          fromStopId={alongFrom ?? ''}
        />
      )}
      {canEdit && <SetLocationDialog stop={locating} onClose={() => setLocating(null)} onPick={editing.locate} stops={stops} />}
      {canEdit && (
        <StopDetailsDialog tripId={tripId} stop={editingDetails} onClose={() => setEditingDetails(null)} edit={editing.edit} onPlace={onPlace} />
      )}
      {canEdit && (
        <StopPlanDialog
          tripId={tripId}
          stop={planning}
          homeCurrency={planning && connection ? readMoney(connection.doc).homeCurrency : DEFAULT_HOME_CURRENCY}
          onClose={() => setPlanning(null)}
          save={editing.edit}
        />
      )}
      {ready ? (
        <StopList
          stops={stops}
          canEdit={canEdit}
          movingBy={movingBy}
          onMove={editing.move}
          onDelete={editing.remove}
          onLocate={setLocating}
          onEdit={openEditor}
          onDragging={editing.setDragging}
        />
      ) : (
        <div role="status" aria-busy="true" aria-label={text.loadingStops}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <div key={index} className="skeleton skeleton-row" />
          ))}
        </div>
      )}
    </section>
  );
}
