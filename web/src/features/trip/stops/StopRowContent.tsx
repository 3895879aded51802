/**
 * What one stop row shows (SPEC-2 §2.1): drag handle, 1-based number, name, short US address, the start
 * and final badges, who else is moving it, and delete. Memoized apart from the sortable wrapper, which
 * re-renders on every step of every drag: with 200 stops only the wrappers do, not this.
 */
import { memo } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { shortenAddress, uiMessages, type DocStop } from '@caravan/shared';

const text = uiMessages.tripPage;

export type StopPlace = 'start' | 'middle' | 'final';

export interface DragHandleProps {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

interface Props {
  stop: DocStop;
  number: number;
  place: StopPlace;
  movingBy?: string | null;
  onDelete?: (stop: DocStop) => void;
  /** The sortable's handle wiring; absent for viewers and in the drag overlay's copy. */
  attributes?: DraggableAttributes;
  listeners?: DraggableSyntheticListeners;
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  /** The overlay shows a handle that does nothing, so the picked-up row looks the same. */
  showHandle?: boolean;
}

export const StopRowContent = memo(function StopRowContent(props: Props) {
  const { stop, number, place, movingBy, onDelete, attributes, listeners, setActivatorNodeRef, showHandle } = props;
  const address = shortenAddress(stop.address);
  return (
    <>
      {(attributes || showHandle) && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="drag-handle"
          {...attributes}
          {...listeners}
          tabIndex={attributes ? attributes.tabIndex : -1}
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
      </div>
      {place === 'start' && <span className="badge stop-badge">{text.startBadge}</span>}
      {place === 'final' && <span className="badge stop-badge">{text.finalBadge}</span>}
      {onDelete && (
        <button type="button" className="icon-button danger" aria-label={text.deleteStop(stop.name)} title={text.deleteStop(stop.name)} onClick={() => onDelete(stop)}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </>
  );
});

export const stopRowClass = (place: StopPlace, movingBy: string | null | undefined, extra = '') =>
  `stop-row stop-${place}${movingBy ? ' stop-remote-drag' : ''}${extra ? ` ${extra}` : ''}`;
