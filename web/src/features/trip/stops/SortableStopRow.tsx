/** A stop row that can be dragged by its handle; the row's content is memoized apart (see StopRowContent). */
import { memo } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DocStop } from '@caravan/shared';
import { StopRowContent, stopRowClass, type StopPlace } from './StopRowContent.tsx';

/** SPEC-2 §9: sortable animation 200 ms. */
const TRANSITION = { duration: 200, easing: 'ease' };

interface Props {
  stop: DocStop;
  number: number;
  place: StopPlace;
  canEdit: boolean;
  movingBy: string | null;
  onDelete: (stop: DocStop) => void;
}

export const SortableStopRow = memo(function SortableStopRow({ stop, number, place, canEdit, movingBy, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: stop.id,
    disabled: !canEdit,
    transition: TRANSITION,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={stopRowClass(place, movingBy, isDragging ? 'stop-placeholder' : '')}
      data-stop-id={stop.id}
    >
      <StopRowContent
        stop={stop}
        number={number}
        place={place}
        movingBy={movingBy}
        onDelete={canEdit ? onDelete : undefined}
        attributes={canEdit ? attributes : undefined}
        listeners={canEdit ? listeners : undefined}
        setActivatorNodeRef={canEdit ? setActivatorNodeRef : undefined}
      />
    </li>
  );
});
