/**
 * Closing a pop-up list when its box loses the focus, a moment later: a click on what sits under the list lands
 * before the list's closing moves it. Coming back to the box cancels the pending close, so a
 * list reopened meanwhile is not shut under the typing hand.
 */
import { useEffect, useRef } from 'react';

const CLOSE_DELAY_MS = 150;

export function useCloseAfterBlur(close: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    cancel,
    onBlur: () => {
      cancel();
      timer.current = setTimeout(close, CLOSE_DELAY_MS);
    },
  };
}
