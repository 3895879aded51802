/**
 * One stop-day's weather and sun, as a day header and a stop card show it: the day's figures ("Usually …" for
 * normals), the arrival hour's when known, and sunrise and sunset (computed here, offline too). Nothing for a stop
 * without a position.
 */
import { arrivalWeatherText, dayWeatherText, hasPosition, stopDayKey, sunTimesOf } from '@caravan/shared';
import { useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { localTime } from '../itinerary/scheduleText.ts';
import { weatherMessages as text } from './messages.ts';
import { useWeatherContext } from './weatherContext.ts';

interface Props {
  stopId: string;
  date: string;
  zone: string;
  /** Show the arrival hour's weather (a stop card) or the day's alone (a day header). */
  withArrival?: boolean;
}

export function StopDayWeather({ stopId, date, zone, withArrival = false }: Props) {
  const weather = useWeatherContext();
  const unit = useDistanceUnit();
  const stop = weather?.stopsById.get(stopId);
  if (!weather || !stop || !hasPosition(stop)) return null;
  const day = weather.byStopDay.get(stopDayKey(stopId, date));
  const sun = sunTimesOf(stop.latitude!, stop.longitude!, date, zone);
  return (
    <p className="stop-day-weather" data-weather={day?.kind ?? 'none'}>
      {day && <span className="weather-figures">{dayWeatherText(day, unit)}</span>}
      {day?.arrival && withArrival && <span>{arrivalWeatherText(day.arrival, unit)}</span>}
      <span className="sun-times">{sun ? text.sun(localTime(sun.sunriseMs, zone), localTime(sun.sunsetMs, zone)) : text.noSunset}</span>
    </p>
  );
}
