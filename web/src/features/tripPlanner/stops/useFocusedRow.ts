/** The stop row holding keyboard focus, which stays a sortable wherever the list is scrolled (see StopRow). */
import { useCallback, useState, type FocusEvent } from 'react';

export function useFocusedRow() {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const onFocus = useCallback((event: FocusEvent) => {
    setFocusedId((event.target as Element).closest<HTMLElement>('[data-stop-id]')?.dataset.stopId ?? null);
  }, []);
  const onBlur = useCallback((event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedId(null);
  }, []);
  return { focusedId, onFocus, onBlur };
}
