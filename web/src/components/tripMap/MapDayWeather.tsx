/**
 * The weather of the day the map shows alone (docs/product.md#weather), beside the day picker: each stop reached that
 * day with its weather (the forecast at arrival, or the normals marked as such; one line when the day has none),
 * sunrise and sunset where the day ends, the drive in the dark when the owner asked to be warned, and whose weather it is (Open-Meteo's credit, and
 * "as of" for the answer kept on this device while offline). Folds away, so a phone's small map stays usable.
 */
import { WeatherCredit } from '../../lib/weather/WeatherCredit.tsx';
import { mapMessages as text } from '../../lib/messages/mapMessages.ts';
import type { DaySky, MapWeather } from './mapWeather.ts';
import { skyClock, StopSkyText } from './StopSkyText.tsx';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  /** The day's name, as the picker says it. */
  label: string;
  sky: DaySky;
  weather: MapWeather;
  /** A stop's name by id (the drive in the dark names where it arrives). */
  nameOf: (stopId: string) => string;
}

export function MapDayWeather({ label, sky, weather, nameOf }: Props) {
  const { stops, end, dark } = sky;
  if (stops.length === 0) return null;
  return (
    <details className="map-day-weather" open>
      <summary>{text.dayWeather(label)}</summary>
      {stops.some((stop) => stop.weather) ? (
        <ul>
          {stops.map((stop) => (
            <li key={stop.stopId}>
              <strong>{stop.name}</strong> <StopSkyText sky={stop} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{text.noWeather}</p>
      )}
      {end && <p className="map-day-sun">{end.sun ? text.sunAt(end.name, skyClock(end.sun.sunriseMs, end.zone), skyClock(end.sun.sunsetMs, end.zone)) : text.noSunset}</p>}
      {dark && (
        <p className="map-dark-drive">{text.darkDrive(nameOf(dark.stopId), skyClock(dark.arrivalMs, dark.timeZone), dark.dark, skyClock(dark.sunMs, dark.timeZone))}</p>
      )}
      {(weather.keptAt !== null || weather.attribution) && (
        <p className="map-weather-credit">
          {weather.keptAt !== null && <span>{text.weatherKeptAsOf(whenFormat.format(weather.keptAt))} </span>}
          {weather.attribution && <WeatherCredit />}
        </p>
      )}
    </details>
  );
}
