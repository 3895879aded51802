/**
 * The rows of the stop list on screen or near it (a long list stays quick to drag): only these are
 * mounted as dnd-kit sortables, because a drag's pick-up re-renders and measures every sortable. The
 * band is the part of the list visible in both its own scroll box and the window, widened by
 * OVERSCAN_PX, so a row is wired up before it scrolls in. Re-read on any scroll (capture: the list's own
 * and the page's, dnd-kit's auto-scroll included), on resize, when the list moves on the page (content
 * above it growing or shrinking changes how much of it shows) and when the number of rows changes.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { rowsOverlapping, type RowRange } from './rowWindow.ts';

const OVERSCAN_PX = 400;
/** Before the first measure: enough rows to fill a tall list. */
const FIRST_RANGE: RowRange = { from: 0, to: 24 };
/** Every 5 % of the list coming into or out of view: far finer than the overscan. */
const VISIBILITY_STEPS = Array.from({ length: 21 }, (_, step) => step / 20);

export function useRowWindow(listRef: RefObject<HTMLElement | null>, count: number): RowRange {
  const [range, setRange] = useState(FIRST_RANGE);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = list.getBoundingClientRect();
      const top = Math.max(box.top, 0) - OVERSCAN_PX;
      const bottom = Math.min(box.bottom, window.innerHeight) + OVERSCAN_PX;
      const rows = list.children;
      const next = rowsOverlapping(rows.length, (index) => rows[index].getBoundingClientRect(), top, bottom);
      setRange((previous) => (previous.from === next.from && previous.to === next.to ? previous : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const visibility = new IntersectionObserver(schedule, { threshold: VISIBILITY_STEPS });
    visibility.observe(list);
    return () => {
      cancelAnimationFrame(frame);
      visibility.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [listRef, count]);
  return range;
}
