/**
 * The dialog's stop list: each stop in trip order with why it keeps its place (start, end, visited, no
 * location) or a pin toggle (a pressed button, so keyboards and screen readers use it as any other).
 */
import { hasPosition, type DocStop } from '@caravan/shared';
import { tripPageMessages } from '../messages.ts';

const text = tripPageMessages.optimise;

type KeptReason = keyof typeof text.keepsPlace;

/** Why a stop keeps its place whatever the proposal: the server's rules, shown before asking it. */
function keptReason(stop: DocStop, index: number, count: number, endAtLast: boolean): KeptReason | null {
  if (index === 0) return 'first';
  if (endAtLast && index === count - 1) return 'last';
  if (stop.visited) return 'visited';
  if (!hasPosition(stop)) return 'noLocation';
  return null;
}

interface Props {
  stops: DocStop[];
  endAtLast: boolean;
  pinned: ReadonlySet<string>;
  onTogglePin: (stopId: string) => void;
  labelledBy: string;
}

export function OptimiseStopList({ stops, endAtLast, pinned, onTogglePin, labelledBy }: Props) {
  return (
    <ol className="optimise-stops" aria-labelledby={labelledBy}>
      {stops.map((stop, index) => {
        const reason = keptReason(stop, index, stops.length, endAtLast);
        const isPinned = pinned.has(stop.id);
        return (
          <li key={stop.id} className="optimise-stop">
            <span className="optimise-stop-name">{stop.name}</span>
            {reason ? (
              <span className="badge">{text.keepsPlace[reason]}</span>
            ) : (
              // The name stays the same pressed or not (the pressed state says which); the stop's name is for screen readers.
              <button
                type="button"
                className={`button small ${isPinned ? 'primary' : 'ghost'}`}
                aria-pressed={isPinned}
                onClick={() => onTogglePin(stop.id)}
              >
                {text.pin}
                <span className="visually-hidden"> {stop.name}</span>
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
