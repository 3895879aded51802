/**
 * The itinerary by the day (docs/product.md#itinerary): a section per day, its header over its stops, numbered
 * through the whole trip; a night after the first at a lodging is a rest day with its own number and section.
 */
import { Fragment, useId } from 'react';
import type { Schedule, TTripStop } from '@caravan/shared';
import { StopCard } from '../cards/StopCard.tsx';
import { AfterSunsetWarning } from '../weather/AfterSunsetWarning.tsx';
import { StopDayWeather } from '../weather/StopDayWeather.tsx';
import { DayHeader } from './DayHeader.tsx';
import { dayLabel, restDayText } from './scheduleText.ts';

export function ItineraryDays({ schedule, stops }: { schedule: Schedule; stops: TTripStop[] }) {
  const id = useId();
  const byId = new Map(stops.map((stop, index) => [stop.id, { stop, number: index + 1 }]));
  const timedById = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
  const nameOf = (stopId: string) => byId.get(stopId)?.stop.name ?? '';
  return (
    <div className="itinerary-days">
      {schedule.days.map((day) => (
        <Fragment key={day.day}>
          <section className="itinerary-day" aria-labelledby={`${id}-day-${day.day}`} data-day={day.day}>
            <DayHeader day={day} headingId={`${id}-day-${day.day}`} timed={(stopId) => timedById.get(stopId)!} nameOf={nameOf}>
              <StopDayWeather stopId={day.toStopId} date={timedById.get(day.toStopId)!.date} zone={timedById.get(day.toStopId)!.timeZone} />
              <AfterSunsetWarning day={day} timed={(stopId) => timedById.get(stopId)} />
            </DayHeader>
            <ol className="stop-timeline itinerary-list" aria-label={`Day ${day.day} stops`}>
              {day.stopIds.map((stopId) => {
                const entry = byId.get(stopId);
                return entry && <StopCard key={stopId} stop={entry.stop} mode="itinerary" number={entry.number} />;
              })}
            </ol>
          </section>
          {/* Nights count as days: a 2-night stay's rest day has its own number. */}
          {day.restDays.map((rest) => (
            <section key={rest.day} className="itinerary-day itinerary-rest-day" aria-labelledby={`${id}-day-${rest.day}`} data-day={rest.day}>
              <header className="day-header">
                <h3 id={`${id}-day-${rest.day}`}>
                  Day {rest.day} · {dayLabel(rest.date)}
                </h3>
                <p className="day-route">{restDayText(day.sleep?.lodgingName ?? nameOf(day.toStopId))}</p>
                <StopDayWeather stopId={day.toStopId} date={rest.date} zone={timedById.get(day.toStopId)!.timeZone} />
              </header>
            </section>
          ))}
        </Fragment>
      ))}
    </div>
  );
}
