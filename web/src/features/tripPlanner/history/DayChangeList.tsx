/** "What changed" to the days of the itinerary: each changed day's stops before → after. */
import type { TTripChanges } from '@caravan/shared';
import { historyMessages as text } from './messages.ts';

interface Props {
  changes: TTripChanges;
  headingId: string;
  /** A stop's name (the trip's now, or the diff's); a stop neither knows reads as its id. */
  stopName: (stopId: string) => string;
}

export function DayChangeList({ changes, headingId, stopName }: Props) {
  if (changes.days.length === 0) return null;
  const names = (ids: string[]) => ids.map(stopName).join(', ');
  return (
    <section className="history-changes-part" aria-labelledby={headingId}>
      <h4 id={headingId}>{text.daysHeading}</h4>
      <ul className="history-change-list">
        {changes.days.map((day) => (
          <li key={day.day} className="history-change">
            <strong>{text.dayTitle(day.day, day.date)}</strong>
            <div>{text.dayStops(names(day.beforeStopIds), names(day.afterStopIds))}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
