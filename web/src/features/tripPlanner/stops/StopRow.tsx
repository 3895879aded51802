/**
 * One row of the stop list. Rows near the screen, focused or being dragged are `live`: a SortableWiring
 * makes them dnd-kit sortables. The others are the same row without dnd-kit, which a drag's pick-up does
 * not re-render or measure (with 200 sortables a pick-up took over 100 ms).
 */
import { memo, useRef, useState } from 'react';
import type { DocStop } from '@caravan/shared';
import { SortableWiring, type Wiring } from './SortableWiring.tsx';
import { StopRowContent, stopRowClass, type StopEditOpener, type StopPlace } from './StopRowContent.tsx';

interface Props {
  stop: DocStop;
  number: number;
  place: StopPlace;
  canEdit: boolean;
  live: boolean;
  movingBy: string | null;
  onDelete: (stop: DocStop) => void;
  onLocate: (stop: DocStop) => void;
  onEdit: StopEditOpener;
}

export const StopRow = memo(function StopRow({ stop, number, place, canEdit, live, movingBy, onDelete, onLocate, onEdit }: Props) {
  const node = useRef<HTMLLIElement>(null);
  const [wiring, setWiring] = useState<Wiring | null>(null);
  return (
    <>
      <li ref={node} style={wiring?.style} className={stopRowClass(place, movingBy, wiring?.isDragging ? 'stop-placeholder' : '')} data-stop-id={stop.id}>
        <StopRowContent
          stop={stop}
          number={number}
          place={place}
          movingBy={movingBy}
          onDelete={canEdit ? onDelete : undefined}
          onLocate={canEdit ? onLocate : undefined}
          onEdit={canEdit ? onEdit : undefined}
          attributes={wiring?.attributes}
          listeners={wiring?.listeners}
          setActivatorNodeRef={wiring?.setActivatorNodeRef}
          unwiredHandle={canEdit && !wiring ? 'static' : undefined}
        />
      </li>
      {/* After the li, not inside: React sets the li's ref before this sibling's layout effects read it. */}
      {canEdit && live && <SortableWiring id={stop.id} node={node} onChange={setWiring} />}
    </>
  );
});
