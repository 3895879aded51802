/**
 * Under the itinerary's toolbar: whose weather it is (Open-Meteo's credit, as its licence asks), and why some or all
 * is missing: no weather service on this server or no connection (sunrise and sunset still show), a service that did
 * not answer, or an answer kept on this device from earlier, with when.
 */
import { WeatherCredit } from '../../../lib/weather/WeatherCredit.tsx';
import { weatherMessages as text } from './messages.ts';
import type { TripWeatherState } from '../../../lib/weather/useTripWeather.ts';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function WeatherNote({ weather, hasDays }: { weather: TripWeatherState; hasDays: boolean }) {
  if (!hasDays) return null;
  const { answer, keptAt, failed } = weather;
  // While the first answer is on its way nothing is said yet.
  const offline = answer ? answer.provider === 'none' : failed;
  return (
    <p className="hint weather-note">
      {offline && <span>{text.needsConnection} </span>}
      {answer?.incomplete && <span>{text.incomplete} </span>}
      {keptAt !== null && <span>{text.keptAsOf(whenFormat.format(keptAt))} </span>}
      {answer?.attribution && <WeatherCredit />}
    </p>
  );
}
