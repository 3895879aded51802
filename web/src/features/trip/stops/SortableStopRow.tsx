/** A stop row that can be dragged by its handle; memoized so a change to one stop re-renders one row. */
import { memo } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { uiMessages, type DocStop } from '@caravan/shared';
import { StopRowView, type StopPlace } from './StopRowView.tsx';

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
  const handle = canEdit ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="drag-handle"
      {...attributes}
      {...listeners}
      aria-label={uiMessages.tripPage.dragHandle(stop.name)}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  ) : undefined;
  return (
    <StopRowView
      ref={setNodeRef}
      stop={stop}
      number={number}
      place={place}
      handle={handle}
      movingBy={movingBy}
      onDelete={canEdit ? onDelete : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'stop-placeholder' : ''}
    />
  );
});
