/**
 * The weather of stop-days (docs/product.md#weather): each stop-day's place and kind (a forecast within 16 days,
 * normals beyond, none before today, by the place's own date), the places' answers stored or asked (one request per
 * batch of places, a forecast at most once an hour per place, normals once a year), and each stop-day's figures
 * read out of its place's answer, the arrival hour's too. Never throws for the provider: a stop-day it could not
 * answer has no weather and the answer says it is incomplete.
 */
import type { DataSource } from 'typeorm';
import { localHourOf, WEATHER_ATTRIBUTION, weatherKindOf, type StopDay, type TDayWeather, type TStopDayWeather, type TTripWeatherResponse } from '@caravan/shared';
import type { Logger } from '@caravan/engine';
import type { ClimateNormals } from './climateNormals.ts';
import { NORMAL_YEARS } from './climateNormals.ts';
import type { ForecastSeries } from './openMeteoForecast.ts';
import { storedOrAsked, type AnswerSource } from './storedOrAsked.ts';
import { placeAt, placeKey, type WeatherPlace } from './weatherPlace.ts';
import type { StoredAnswer } from './weatherStore.ts';

/** A place's forecast is asked again after an hour at the earliest: Open-Meteo's models update about hourly. */
export const FORECAST_MAX_AGE_MS = 60 * 60_000;
/** Normals move by a year's weather in ten: asked again after a year. */
export const NORMALS_MAX_AGE_MS = 365 * 24 * 60 * 60_000;

/** The forecast as stored: with the zone its days and hours were asked in. */
export type StoredForecast = ForecastSeries & { zone: string };

export interface TripWeather {
  /** 'none' when no weather service is set: every answer is empty, so there is nothing to walk for it. */
  readonly provider: TTripWeatherResponse['provider'];
  weatherOf(stopDays: readonly StopDay[]): Promise<TTripWeatherResponse>;
}

export interface WeatherAskers {
  forecast?: (places: WeatherPlace[]) => Promise<ForecastSeries[]>;
  normals?: (places: WeatherPlace[], nowMs: number) => Promise<ClimateNormals[]>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function forecastDay(stored: StoredAnswer<StoredForecast>, stopDay: StopDay): TDayWeather | null {
  const { daily, hourly, zone } = stored.answer;
  const index = daily.time.indexOf(stopDay.date);
  const [maxC, minC] = [daily.maxC[index], daily.minC[index]];
  if (index < 0 || maxC === null || minC === null) return null;
  const hour = stopDay.arrivalMs === null ? -1 : hourly.time.indexOf(localHourOf(stopDay.arrivalMs, zone));
  const temperatureC = hourly.temperatureC[hour];
  return {
    kind: 'forecast',
    maxC,
    minC,
    precipitationProbability: daily.precipitationProbability[index],
    weatherCode: daily.weatherCode[index],
    windMaxKmh: daily.windMaxKmh[index],
    arrival:
      hour >= 0 && typeof temperatureC === 'number'
        ? { temperatureC, weatherCode: hourly.weatherCode[hour], precipitationProbability: hourly.precipitationProbability[hour] }
        : null,
    asOf: iso(stored.fetchedAtMs),
  };
}

function normalsDay(stored: StoredAnswer<ClimateNormals>, stopDay: StopDay): TDayWeather | null {
  const day = stored.answer.days[stopDay.date.slice(5)];
  if (!day) return null;
  return { kind: 'normals', ...day, arrival: null, asOf: iso(stored.fetchedAtMs), years: stored.answer.years || NORMAL_YEARS };
}

export function createTripWeather(dataSource: DataSource, askers: WeatherAskers, logger?: Pick<Logger, 'warn'>, now: () => number = Date.now): TripWeather {
  const answersFor = storedOrAsked(dataSource, logger, now);
  const forecasts: AnswerSource<StoredForecast> = {
    kind: 'forecast',
    maxAgeMs: FORECAST_MAX_AGE_MS,
    batchSize: 50,
    ask: askers.forecast && (async (places) => (await askers.forecast!(places)).map((series, index) => ({ ...series, zone: places[index].zone }))),
  };
  // An archive answer is ten years of days per place: fewer places per request.
  const normals: AnswerSource<ClimateNormals> = {
    kind: 'normals',
    maxAgeMs: NORMALS_MAX_AGE_MS,
    batchSize: 10,
    ask: askers.normals && ((places) => askers.normals!(places, now())),
  };
  const provider = askers.forecast || askers.normals ? 'open-meteo' : 'none';

  return {
    provider,
    async weatherOf(stopDays) {
      const nowMs = now();
      const planned = stopDays.map((stopDay) => ({ stopDay, kind: weatherKindOf(stopDay.date, stopDay.timeZone, nowMs), place: placeAt(stopDay.latitude, stopDay.longitude, stopDay.timeZone) }));
      const placesOf = (kind: 'forecast' | 'normals') => [...new Map(planned.filter((day) => day.kind === kind).map(({ place }) => [placeKey(place), place])).values()];
      const [forecastAnswers, normalsAnswers] = await Promise.all([answersFor(forecasts, placesOf('forecast')), answersFor(normals, placesOf('normals'))]);
      let incomplete = false;
      const days = planned.map(({ stopDay, kind, place }): TStopDayWeather => {
        const key = placeKey(place);
        const forecast = kind === 'forecast' ? forecastAnswers.get(key) : undefined;
        const normal = kind === 'normals' ? normalsAnswers.get(key) : undefined;
        const weather = forecast ? forecastDay(forecast, stopDay) : normal ? normalsDay(normal, stopDay) : null;
        if (!weather && kind && provider !== 'none') incomplete = true;
        return { stopId: stopDay.stopId, date: stopDay.date, weather };
      });
      return { provider, incomplete, stopDays: days, attribution: provider === 'none' ? null : WEATHER_ATTRIBUTION };
    },
  };
}
