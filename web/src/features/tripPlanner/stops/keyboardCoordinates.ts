/**
 * Keyboard dragging moves the stop 25 px per arrow key (docs/product.md#stops), up or down only: a list has no
 * sideways. Returning nothing for other keys leaves them to the sensor (Space/Enter drop, Escape cancels).
 */
import type { KeyboardCoordinateGetter, Modifier } from '@dnd-kit/core';

export const KEYBOARD_STEP_PX = 25;

export const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
  if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
  return undefined;
};

/** Pointer drags follow the finger up and down only, like the keyboard. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
