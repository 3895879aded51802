/** The rest of today after the next stop, each with when the group now gets there. */
import type { TimedStop, TTripStop } from '@caravan/shared';
import { localTime } from '../itinerary/scheduleText.ts';
import { todayMessages as text } from './messages.ts';

export function LaterToday({ later, stopsById }: { later: TimedStop[]; stopsById: Map<string, TTripStop> }) {
  return (
    <section className="today-later" aria-labelledby="today-later-title">
      <h3 id="today-later-title">{text.laterToday}</h3>
      {later.length === 0 ? (
        <p className="hint">{text.noMoreToday}</p>
      ) : (
        <ol>
          {later.map((stop) => (
            <li key={stop.stopId} data-stop-id={stop.stopId}>
              <time dateTime={stop.arrival}>{localTime(stop.arrival, stop.timeZone)}</time>
              <span>{stopsById.get(stop.stopId)?.name}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
