/** The weather's credit as Open-Meteo asks for it (CC BY 4.0), wherever the page shows its weather. */
import { WEATHER_ATTRIBUTION_URL } from '@caravan/shared';

export function WeatherCredit() {
  return (
    <span>
      Weather data by{' '}
      <a href={WEATHER_ATTRIBUTION_URL} target="_blank" rel="noreferrer">
        Open-Meteo.com
      </a>{' '}
      (CC BY 4.0)
    </span>
  );
}
