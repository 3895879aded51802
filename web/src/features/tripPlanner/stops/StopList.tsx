/**
 * The drag-reorderable stop list (docs/product.md#stops): pointer, touch and keyboard sensors, one place per
 * arrow key, gentle auto-scroll near the list's edges, cancel on Escape, window resize or a hidden tab (the
 * sensors' own listeners), spoken announcements. Dropping calls `onMove` with the stop's new 0-based position. Every stop is in the
 * SortableContext and in the DOM, but only rows near the screen are sortables (useRowWindow): dnd-kit
 * re-renders and measures every sortable on pick-up, too slow with 200 (no task over 100 ms).
 */
import { useMemo, useRef, useState } from 'react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  TraversalOrder,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { DocStop } from '@caravan/shared';
import { tripPageMessages } from '../messages.ts';
import { verticalKeyboardCoordinates, verticalOnly } from './keyboardCoordinates.ts';
import { inRange } from './rowWindow.ts';
import { StopRow } from './StopRow.tsx';
import { StopRowContent, stopRowClass, type StopEditOpener, type StopPlace } from './StopRowContent.tsx';
import { useFocusedRow } from './useFocusedRow.ts';
import { useRowWindow } from './useRowWindow.ts';

const text = tripPageMessages;
/** Drag overlay z-index 999. */
const OVERLAY_Z_INDEX = 999;
const MODIFIERS = [verticalOnly];
/**
 * dnd-kit's default scrolls once the pointer is in the outer fifth of the list or the window, up to 2,000 px/s,
 * and the window first: aiming at a row low in the list scrolled it away. Only the outer tenth of the list
 * scrolls, at most 800 px/s (4 px per 5 ms), the list before the page.
 */
const AUTO_SCROLL = { threshold: { x: 0, y: 0.1 }, acceleration: 4, order: TraversalOrder.ReversedTreeOrder };

interface Props {
  stops: DocStop[];
  canEdit: boolean;
  /** Stop id → name of the other member dragging it right now. */
  movingBy: ReadonlyMap<string, string>;
  onMove: (stopId: string, newOrder: number) => void;
  onDelete: (stop: DocStop) => void;
  onLocate: (stop: DocStop) => void;
  onEdit: StopEditOpener;
  onDragging: (stopId: string | null) => void;
}

const placeOf = (index: number, total: number): StopPlace =>
  index === 0 ? 'start' : index === total - 1 ? 'final' : 'middle';

export function StopList({ stops, canEdit, movingBy, onMove, onDelete, onLocate, onEdit, onDragging }: Props) {
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalKeyboardCoordinates }),
  );
  // Every sortable row reads the id list from context: it changes only when the order or membership
  // does, so editing one stop's text re-renders that row alone.
  const idsKey = stops.map((stop) => stop.id).join('\n');
  const ids = useMemo(() => (idsKey ? idsKey.split('\n') : []), [idsKey]);
  const latest = useRef(stops);
  latest.current = stops;
  const listRef = useRef<HTMLOListElement>(null);
  const near = useRowWindow(listRef, stops.length);
  const focus = useFocusedRow();
  const isLive = (id: string, index: number) => inRange(near, index) || id === focus.focusedId || id === activeId;

  const announcements = useMemo<Announcements>(() => {
    const describe = (id: UniqueIdentifier | undefined) => {
      const index = latest.current.findIndex((stop) => stop.id === id);
      return { name: latest.current[index]?.name ?? '', position: index + 1, total: latest.current.length };
    };
    // dnd-kit reports the picked-up row as over itself at once; announcing that would replace 'Picked up'
    // before it is spoken, so only a change of position is announced.
    let lastOver: UniqueIdentifier | undefined;
    return {
      onDragStart: ({ active }) => {
        lastOver = active.id;
        const { name, position, total } = describe(active.id);
        return text.dragStart(name, position, total);
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver) return undefined;
        lastOver = over.id;
        return text.dragOver(describe(active.id).name, describe(over.id).position, describe(over.id).total);
      },
      onDragEnd: ({ active, over }) => {
        const { position, total } = describe(over?.id ?? active.id);
        return text.dragEnd(describe(active.id).name, position, total);
      },
      onDragCancel: ({ active }) => text.dragCancel(describe(active.id).name),
    };
  }, []);

  function start({ active }: DragStartEvent) {
    setActiveId(active.id);
    onDragging(String(active.id));
  }

  function end({ active, over }: DragEndEvent) {
    setActiveId(null);
    onDragging(null);
    if (!over || over.id === active.id) return;
    const to = ids.indexOf(String(over.id));
    if (to >= 0) onMove(String(active.id), to);
  }

  function cancel() {
    setActiveId(null);
    onDragging(null);
  }

  if (stops.length === 0) return <p className="empty-text">{text.noStops}</p>;

  const activeIndex = activeId === null ? -1 : ids.indexOf(String(activeId));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={MODIFIERS}
      autoScroll={AUTO_SCROLL}
      accessibility={{ announcements, screenReaderInstructions: { draggable: text.dragInstructions } }}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={cancel}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} className="stop-list" aria-label={text.stopsHeading} onFocus={focus.onFocus} onBlur={focus.onBlur}>
          {stops.map((stop, index) => (
            <StopRow
              key={stop.id}
              live={isLive(stop.id, index)}
              stop={stop}
              number={index + 1}
              place={placeOf(index, stops.length)}
              canEdit={canEdit}
              movingBy={movingBy.get(stop.id) ?? null}
              onDelete={onDelete}
              onLocate={onLocate}
              onEdit={onEdit}
            />
          ))}
        </ol>
      </SortableContext>
      <DragOverlay zIndex={OVERLAY_Z_INDEX}>
        {activeIndex >= 0 && (
          <ul className="stop-list overlay" aria-hidden="true">
            <li className={stopRowClass(placeOf(activeIndex, stops.length), null, 'stop-overlay')}>
              <StopRowContent stop={stops[activeIndex]} number={activeIndex + 1} place={placeOf(activeIndex, stops.length)} unwiredHandle="overlay" />
            </li>
          </ul>
        )}
      </DragOverlay>
    </DndContext>
  );
}
