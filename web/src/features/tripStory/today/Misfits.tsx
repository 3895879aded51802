/**
 * What no longer fits today as it now runs, each with a choice: drop it from the trip (with Undo), move it to
 * tomorrow (right after tonight's stop), or keep it (the open page stops asking about it).
 */
import { useState } from 'react';
import type { Misfit, TimedStop, TTripStop } from '@caravan/shared';
import { useToastStore } from '../../../lib/toastStore.ts';
import { todayMessages as text } from './messages.ts';
import { misfitText } from './todayText.ts';

interface Props {
  misfits: Misfit[];
  timedById: Map<string, TimedStop>;
  stopsById: Map<string, TTripStop>;
  /** Null when the panel's viewer may not edit stops. */
  onDrop: ((stopId: string) => () => void) | null;
  /** Null when there is no tomorrow to move to, or no right to. */
  onMoveToTomorrow: ((stopId: string) => void) | null;
  /**
   * Whether this stop may move to tomorrow: not the overnight the day ends at (tomorrow starts there), and for an
   * editor not a stop planned for a date (its date, the owner's, would stay behind).
   */
  mayMove: (stopId: string) => boolean;
}

export function Misfits({ misfits, timedById, stopsById, onDrop, onMoveToTomorrow, mayMove }: Props) {
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const show = useToastStore((state) => state.show);
  const shown = misfits.filter((misfit) => !kept.has(misfit.stopId) && stopsById.has(misfit.stopId));
  if (shown.length === 0) return null;
  return (
    <section className="today-misfits" aria-labelledby="today-misfits-title">
      <h3 id="today-misfits-title">{text.misfitsTitle}</h3>
      <ul>
        {shown.map(({ stopId, warnings }) => {
          const name = stopsById.get(stopId)!.name;
          const zone = timedById.get(stopId)?.timeZone ?? 'UTC';
          return (
            <li key={stopId} data-stop-id={stopId}>
              <p>
                <strong>{name}</strong> {warnings.map((warning) => misfitText(warning, zone)).join('; ')}
              </p>
              {onDrop && (
                <div className="today-misfit-actions">
                  <button
                    type="button"
                    className="button small danger"
                    aria-label={text.dropLabel(name)}
                    onClick={() => {
                      const undo = onDrop(stopId);
                      show(text.dropped(name), 'info', { label: text.undo, altText: text.undo, onAction: undo });
                    }}
                  >
                    {text.drop}
                  </button>
                  {onMoveToTomorrow && mayMove(stopId) && (
                    <button type="button" className="button small" aria-label={text.moveTomorrowLabel(name)} onClick={() => {
                        onMoveToTomorrow(stopId);
                        show(text.moved(name), 'success');
                      }}>
                      {text.moveTomorrow}
                    </button>
                  )}
                  <button type="button" className="button small secondary" aria-label={text.keepLabel(name)} onClick={() => setKept(new Set([...kept, stopId]))}>
                    {text.keep}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
