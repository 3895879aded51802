/**
 * The dnd-kit side of a stop row near the screen: calls useSortable for the row's own `<li>` and hands
 * the row what to apply (handle wiring, transform, placeholder). Rendering nothing, it can come and go
 * as the row scrolls in and out of the window (useRowWindow) while the row's DOM, focus included, stays.
 */
import { memo, useLayoutEffect, type CSSProperties, type RefObject } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DragHandleProps } from './StopRowContent.tsx';

/** Sortable animation 200 ms. */
const TRANSITION = { duration: 200, easing: 'ease' };

export interface Wiring extends DragHandleProps {
  style: CSSProperties;
  isDragging: boolean;
}

interface Props {
  id: string;
  node: RefObject<HTMLLIElement | null>;
  /** Called with each change, and with null when the row stops being a sortable. */
  onChange: (wiring: Wiring | null) => void;
}

export const SortableWiring = memo(function SortableWiring({ id, node, onChange }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    transition: TRANSITION,
  });
  useLayoutEffect(() => setNodeRef(node.current), [node, setNodeRef]);
  // By value: dnd-kit hands out a new transform object on every render.
  const translate = CSS.Translate.toString(transform);
  useLayoutEffect(() => {
    onChange({ attributes, listeners, setActivatorNodeRef, isDragging, style: { transform: translate, transition } });
  }, [attributes, listeners, setActivatorNodeRef, isDragging, translate, transition, onChange]);
  useLayoutEffect(() => () => onChange(null), [onChange]);
  return null;
});
