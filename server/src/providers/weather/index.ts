/**
 * Picks the weather: Open-Meteo's forecast when WEATHER_URL is set and its archive (climate normals) when
 * WEATHER_ARCHIVE_URL is (by PROVIDERS=auto, Open-Meteo's free API, asked through `remote`: identified, queued,
 * skipped while down); answers kept per place in `weather_places`. Neither set: stop-days have no weather.
 */
import type { DataSource } from 'typeorm';
import type { Config, Logger, RemoteProviders } from '@caravan/engine';
import { askNormals } from './openMeteoArchive.ts';
import { askForecast } from './openMeteoForecast.ts';
import { createTripWeather, type TripWeather } from './tripWeather.ts';

/** A request's budget: the page waits for the answer, so a slow provider falls back (to stored or no weather). */
export const WEATHER_TIMEOUT_MS = 8000;
/** An archive answer is ten years of days per place: more time. */
export const ARCHIVE_TIMEOUT_MS = 15_000;

export function createWeather(
  config: Pick<Config, 'weatherUrl' | 'weatherArchiveUrl'>,
  dataSource: DataSource,
  remote: Pick<RemoteProviders, 'weather' | 'weatherArchive'>,
  logger?: Logger,
): TripWeather {
  const forecastAsk = config.weatherUrl ? { url: config.weatherUrl, fetch: remote.weather?.fetch ?? fetch, timeoutMs: WEATHER_TIMEOUT_MS } : null;
  const archiveAsk = config.weatherArchiveUrl ? { url: config.weatherArchiveUrl, fetch: remote.weatherArchive?.fetch ?? fetch, timeoutMs: ARCHIVE_TIMEOUT_MS } : null;
  return createTripWeather(
    dataSource,
    {
      forecast: forecastAsk ? (places) => askForecast(forecastAsk, places) : undefined,
      normals: archiveAsk ? (places, nowMs) => askNormals(archiveAsk, places, nowMs) : undefined,
    },
    logger,
  );
}
