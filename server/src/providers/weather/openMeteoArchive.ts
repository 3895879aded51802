/**
 * Open-Meteo's historical API for many places in one request: the last NORMAL_YEARS whole years of each place's
 * daily maximum and minimum, precipitation, weather code and strongest wind, in its local days, read into its
 * climate normals at once (only those are kept).
 */
import { latitudeOf, longitudeOf, type WeatherPlace } from './weatherPlace.ts';
import { numbersOf, placeAnswers, type OpenMeteoAsk } from './openMeteoAnswer.ts';
import { climateNormalsOf, NORMAL_YEARS, type ClimateNormals } from './climateNormals.ts';

const DAILY = ['temperature_2m_max', 'temperature_2m_min', 'precipitation_sum', 'weather_code', 'wind_speed_10m_max'];

/** The last NORMAL_YEARS whole years before `nowMs`'s year. */
export function archiveYears(nowMs: number): { first: number; last: number } {
  const last = new Date(nowMs).getUTCFullYear() - 1;
  return { first: last - NORMAL_YEARS + 1, last };
}

export function archiveUrl(baseUrl: string, places: readonly WeatherPlace[], nowMs: number): string {
  const { first, last } = archiveYears(nowMs);
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', places.map(latitudeOf).join(','));
  url.searchParams.set('longitude', places.map(longitudeOf).join(','));
  url.searchParams.set('start_date', `${first}-01-01`);
  url.searchParams.set('end_date', `${last}-12-31`);
  url.searchParams.set('daily', DAILY.join(','));
  url.searchParams.set('timezone', places.map((place) => place.zone).join(','));
  url.searchParams.set('wind_speed_unit', 'kmh');
  return url.href;
}

/** Each place's normals, in the order asked; throws when the provider does not answer or answers something else. */
export async function askNormals(ask: OpenMeteoAsk, places: readonly WeatherPlace[], nowMs: number): Promise<ClimateNormals[]> {
  const answers = await placeAnswers(ask, archiveUrl(ask.url, places, nowMs), places.length);
  return answers.map(({ daily }) =>
    climateNormalsOf({
      time: daily.time,
      maxC: numbersOf(daily, 'temperature_2m_max'),
      minC: numbersOf(daily, 'temperature_2m_min'),
      precipitationMm: numbersOf(daily, 'precipitation_sum'),
      weatherCode: numbersOf(daily, 'weather_code'),
      windMaxKmh: numbersOf(daily, 'wind_speed_10m_max'),
    }),
  );
}
