/**
 * What one stop row shows (SPEC-2 §2.1): handle, 1-based number, name, short US address, delete. Shared by
 * the sortable row and the drag overlay; `handle` is the sortable's button, absent for viewers.
 */
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { shortenAddress, uiMessages, type DocStop } from '@caravan/shared';

const text = uiMessages.tripPage;

export type StopPlace = 'start' | 'middle' | 'final';

interface Props {
  stop: DocStop;
  number: number;
  place: StopPlace;
  handle?: ReactNode;
  movingBy?: string | null;
  onDelete?: (stop: DocStop) => void;
  style?: CSSProperties;
  className?: string;
}

export const StopRowView = forwardRef<HTMLLIElement, Props>(function StopRowView(
  { stop, number, place, handle, movingBy, onDelete, style, className = '' },
  ref,
) {
  const address = shortenAddress(stop.address);
  return (
    <li ref={ref} style={style} className={`stop-row stop-${place} ${movingBy ? 'stop-remote-drag' : ''} ${className}`} data-stop-id={stop.id}>
      {handle}
      <span className="stop-number" aria-hidden="true">
        {number}
      </span>
      <div className="stop-text">
        <span className="stop-name">{stop.name}</span>
        {address && <span className="stop-address">{address}</span>}
        {movingBy && <span className="stop-moving">{text.movingBy(movingBy)}</span>}
      </div>
      {place === 'start' && <span className="badge stop-badge">{text.startBadge}</span>}
      {place === 'final' && <span className="badge stop-badge">{text.finalBadge}</span>}
      {onDelete && (
        <button type="button" className="icon-button danger" aria-label={text.deleteStop(stop.name)} title={text.deleteStop(stop.name)} onClick={() => onDelete(stop)}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
});
