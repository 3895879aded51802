/**
 * What one stop row shows (docs/product.md#stops): drag handle, 1-based number, name, short US address, its plan in
 * a line, the start and final badges, who else is moving it, plan, edit details and delete; a stop without a position
 * is flagged, with a way to give it one for those who may edit. Memoized apart from the row (StopRow), which
 * re-renders on every step of a drag while it is a sortable: only the row does, not this.
 */
import { memo } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { hasPosition, shortenAddress, type DocStop } from '@caravan/shared';
import { tripMessages } from '../../../lib/messages/tripMessages.ts';
import { tripPageMessages } from '../messages.ts';
import { StopPlanSummary } from './plan/StopPlanSummary.tsx';
import { stopPlanMessages as planText } from './plan/stopPlanMessages.ts';
import { corridorText } from '../corridor/messages.ts';
import './stopLocation.css';
import './stopActions.css';

const text = tripPageMessages;

export type StopPlace = 'start' | 'middle' | 'final';

/** Opens 'Edit details' (name, address, notes, position) or 'Plan' (stay, hours, overnight) for a stop. */
/** Opens a stop's details, its plan, or "Along the route" on the leg from it. */
export type StopEditOpener = (stop: DocStop, part?: 'details' | 'plan' | 'alongRoute') => void;

export interface DragHandleProps {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

/** The sortable's handle wiring is optional: absent for viewers, rows far from view and the drag overlay's copy. */
interface Props extends Partial<DragHandleProps> {
  stop: DocStop;
  number: number;
  place: StopPlace;
  movingBy?: string | null;
  onDelete?: (stop: DocStop) => void;
  /** Opens 'Set location' for a stop without a position. */
  onLocate?: (stop: DocStop) => void;
  onEdit?: StopEditOpener;
  /**
   * A handle without the sortable's wiring: the drag overlay's copy ('overlay', not focusable, so the
   * picked-up row looks the same) or a row far from view ('static', focusable: focus wires it up).
   */
  unwiredHandle?: 'overlay' | 'static';
}

export const StopRowContent = memo(function StopRowContent(props: Props) {
  const { stop, number, place, movingBy, onDelete, onLocate, onEdit, attributes, listeners, setActivatorNodeRef, unwiredHandle } = props;
  const address = shortenAddress(stop.address);
  return (
    <>
      {(attributes || unwiredHandle) && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="drag-handle"
          {...attributes}
          {...listeners}
          tabIndex={attributes ? attributes.tabIndex : unwiredHandle === 'static' ? 0 : -1}
          aria-label={text.dragHandle(stop.name)}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <span className="stop-number" aria-hidden="true">
        {number}
      </span>
      <div className="stop-text">
        <span className="stop-name">{stop.name}</span>
        {address && <span className="stop-address">{address}</span>}
        {movingBy && <span className="stop-moving">{text.movingBy(movingBy)}</span>}
        <StopPlanSummary stop={stop} />
        {!hasPosition(stop) && (
          <span className="stop-no-location">
            <span className="badge warning-badge" title={text.noLocationHint}>
              {text.noLocation}
            </span>
            {onLocate && (
              <button type="button" className="link-button" aria-label={text.setLocationFor(stop.name)} onClick={() => onLocate(stop)}>
                {text.setLocation}
              </button>
            )}
          </span>
        )}
      </div>
      {place === 'start' && <span className="badge stop-badge">{tripMessages.startBadge}</span>}
      {place === 'final' && <span className="badge stop-badge">{text.finalBadge}</span>}
      {(onEdit || onDelete) && (
        <span className="stop-actions">
          {onEdit && hasPosition(stop) && place !== 'final' && (
            <button
              type="button"
              className="icon-button"
              aria-label={corridorText.openFrom(stop.name)}
              title={corridorText.openFrom(stop.name)}
              onClick={() => onEdit(stop, 'alongRoute')}
            >
              <span aria-hidden="true">⇢</span>
            </button>
          )}
          {onEdit && (
            <button type="button" className="icon-button" aria-label={planText.openFor(stop.name)} title={planText.openFor(stop.name)} onClick={() => onEdit(stop, 'plan')}>
              <span aria-hidden="true">◷</span>
            </button>
          )}
          {onEdit && (
            <button type="button" className="icon-button" aria-label={text.editDetailsFor(stop.name)} title={text.editDetailsFor(stop.name)} onClick={() => onEdit(stop)}>
              <span aria-hidden="true">✎</span>
            </button>
          )}
          {onDelete && (
            <button type="button" className="icon-button danger" aria-label={text.deleteStop(stop.name)} title={text.deleteStop(stop.name)} onClick={() => onDelete(stop)}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </span>
      )}
    </>
  );
});

export const stopRowClass = (place: StopPlace, movingBy: string | null | undefined, extra = '') =>
  `stop-row stop-${place}${movingBy ? ' stop-remote-drag' : ''}${extra ? ` ${extra}` : ''}`;
