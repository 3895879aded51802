/**
 * A stop-day's weather in words, as the map's day panel and a stop's popup show it: the day's figures ("Usually …"
 * for normals), the arrival hour's when known, else that there is none yet; with its sunrise and sunset on request.
 */
import { arrivalWeatherText, dateTimeIn, dayWeatherText } from '@caravan/shared';
import { useDistanceUnit } from '../../lib/distanceUnit.ts';
import { mapMessages as text } from '../../lib/messages/mapMessages.ts';
import type { StopSky } from './mapWeather.ts';

/** '8:41 PM' in the stop's zone, by the bundled tz data as the schedule reads it. */
export const skyClock = (ms: number, zone: string) => dateTimeIn(ms, zone).toFormat('h:mm a');

export function StopSkyText({ sky, withSun = false }: { sky: StopSky; withSun?: boolean }) {
  const unit = useDistanceUnit();
  const { weather, sun, zone } = sky;
  const parts = [
    weather ? dayWeatherText(weather, unit) : text.noWeather,
    weather?.arrival && arrivalWeatherText(weather.arrival, unit),
    withSun && (sun ? text.sun(skyClock(sun.sunriseMs, zone), skyClock(sun.sunsetMs, zone)) : text.noSunset),
  ];
  return (
    <span className="stop-sky" data-weather={weather?.kind ?? 'none'}>
      {parts.filter(Boolean).join(' · ')}
    </span>
  );
}
