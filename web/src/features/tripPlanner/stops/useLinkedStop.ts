/**
 * A link to a trip may name a stop (`?stop=<id>`, as the notification list's do): once the stop's row is on the
 * page it is scrolled into view and marked for a few seconds, once per address.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

const MARKED_MS = 4000;

export function useLinkedStop(stopIds: readonly string[]) {
  const [params] = useSearchParams();
  const linked = params.get('stop');
  const shown = useRef<string | null>(null);
  const present = linked !== null && stopIds.includes(linked);

  useEffect(() => {
    if (!present || shown.current === linked) return;
    const row = document.querySelector<HTMLElement>(`.stop-list:not(.overlay) [data-stop-id="${CSS.escape(linked)}"]`);
    if (!row) return;
    shown.current = linked;
    // Rows laid out lazily (content-visibility) take their real height once scrolled to: centre again after that.
    row.scrollIntoView({ block: 'center' });
    const again = requestAnimationFrame(() => requestAnimationFrame(() => row.scrollIntoView({ block: 'center' })));
    // An attribute React does not manage, so a re-render of the row keeps it.
    row.setAttribute('data-linked', '');
    const unmark = setTimeout(() => row.removeAttribute('data-linked'), MARKED_MS);
    return () => {
      cancelAnimationFrame(again);
      clearTimeout(unmark);
      row.removeAttribute('data-linked');
    };
  }, [present, linked]);
}
