/**
 * Keyboard dragging moves the stop one place per arrow key (docs/product.md#stops), up or down only: a list
 * has no sideways. A fixed step in pixels moved a stop only every second or third press, since rows are
 * taller than the step and differ in height; dnd-kit's sortable getter jumps to the next row's place instead.
 * Returning nothing for other keys leaves them to the sensor (Space/Enter drop, Escape cancels).
 */
import type { KeyboardCoordinateGetter, Modifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

export const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) =>
  event.code === 'ArrowDown' || event.code === 'ArrowUp' ? sortableKeyboardCoordinates(event, args) : undefined;

/** Pointer drags follow the finger up and down only, like the keyboard. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
