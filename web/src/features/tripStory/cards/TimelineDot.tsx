/**
 * The round timeline dot of a stop card (docs/product.md#story): toggles visited for the owner; for everyone else
 * a disabled dot whose title says whether the stop is completed.
 */
import type { TTripStop } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { useTripViewContext } from '../tripViewContext.ts';

const text = tripViewMessages;

export function TimelineDot({ stop }: { stop: TTripStop }) {
  const { isOwner, toggleVisited } = useTripViewContext();
  const title = isOwner ? (stop.visited ? text.markUnvisited : text.markVisited) : stop.visited ? text.isCompleted : text.notCompleted;
  return (
    <button
      type="button"
      className={`timeline-dot${stop.visited ? ' visited' : ''}`}
      title={title}
      aria-label={`${title}: ${stop.name}`}
      aria-pressed={stop.visited}
      disabled={!isOwner}
      onClick={() => toggleVisited(stop)}
    >
      <span aria-hidden="true">{stop.visited ? '✓' : ''}</span>
    </button>
  );
}
