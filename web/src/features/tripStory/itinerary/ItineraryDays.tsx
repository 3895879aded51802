/**
 * The itinerary by the day (docs/product.md#itinerary): a section per day, its header over its stops, numbered
 * through the whole trip.
 */
import { useId } from 'react';
import type { Schedule, TTripStop } from '@caravan/shared';
import { StopCard } from '../cards/StopCard.tsx';
import { DayHeader } from './DayHeader.tsx';

export function ItineraryDays({ schedule, stops }: { schedule: Schedule; stops: TTripStop[] }) {
  const id = useId();
  const byId = new Map(stops.map((stop, index) => [stop.id, { stop, number: index + 1 }]));
  const timedById = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
  const nameOf = (stopId: string) => byId.get(stopId)?.stop.name ?? '';
  return (
    <div className="itinerary-days">
      {schedule.days.map((day) => (
        <section key={day.day} className="itinerary-day" aria-labelledby={`${id}-day-${day.day}`} data-day={day.day}>
          <DayHeader day={day} headingId={`${id}-day-${day.day}`} timed={(stopId) => timedById.get(stopId)!} nameOf={nameOf} />
          <ol className="stop-timeline itinerary-list" aria-label={`Day ${day.day} stops`}>
            {day.stopIds.map((stopId) => {
              const entry = byId.get(stopId);
              return entry && <StopCard key={stopId} stop={entry.stop} mode="itinerary" number={entry.number} />;
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
