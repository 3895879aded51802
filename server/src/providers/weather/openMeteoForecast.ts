/**
 * Open-Meteo's forecast API for many places in one request (comma-separated coordinates and zones): 16 days of
 * daily maximum and minimum, chance of precipitation, weather code and strongest wind, and the hourly temperature,
 * code and chance of precipitation. Times are each place's local wall clock (its zone is sent with it).
 */
import { FORECAST_DAYS } from '@caravan/shared';
import { latitudeOf, longitudeOf, type WeatherPlace } from './weatherPlace.ts';
import { numbersOf, placeAnswers, type OpenMeteoAsk, type Series } from './openMeteoAnswer.ts';

export interface ForecastSeries {
  daily: { time: string[]; maxC: Series; minC: Series; precipitationProbability: Series; weatherCode: Series; windMaxKmh: Series };
  hourly: { time: string[]; temperatureC: Series; weatherCode: Series; precipitationProbability: Series };
}

const DAILY = ['temperature_2m_max', 'temperature_2m_min', 'precipitation_probability_max', 'weather_code', 'wind_speed_10m_max'];
const HOURLY = ['temperature_2m', 'weather_code', 'precipitation_probability'];

export function forecastUrl(baseUrl: string, places: readonly WeatherPlace[]): string {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', places.map(latitudeOf).join(','));
  url.searchParams.set('longitude', places.map(longitudeOf).join(','));
  url.searchParams.set('daily', DAILY.join(','));
  url.searchParams.set('hourly', HOURLY.join(','));
  url.searchParams.set('timezone', places.map((place) => place.zone).join(','));
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  url.searchParams.set('wind_speed_unit', 'kmh');
  return url.href;
}

/** One forecast per place, in the order asked; throws when the provider does not answer or answers something else. */
export async function askForecast(ask: OpenMeteoAsk, places: readonly WeatherPlace[]): Promise<ForecastSeries[]> {
  const answers = await placeAnswers(ask, forecastUrl(ask.url, places), places.length);
  return answers.map((answer) => {
    const daily = answer.daily;
    const hourly = answer.hourly;
    return {
      daily: {
        time: daily.time,
        maxC: numbersOf(daily, 'temperature_2m_max'),
        minC: numbersOf(daily, 'temperature_2m_min'),
        precipitationProbability: numbersOf(daily, 'precipitation_probability_max'),
        weatherCode: numbersOf(daily, 'weather_code'),
        windMaxKmh: numbersOf(daily, 'wind_speed_10m_max'),
      },
      hourly: {
        time: hourly?.time ?? [],
        temperatureC: hourly ? numbersOf(hourly, 'temperature_2m') : [],
        weatherCode: hourly ? numbersOf(hourly, 'weather_code') : [],
        precipitationProbability: hourly ? numbersOf(hourly, 'precipitation_probability') : [],
      },
    };
  });
}
