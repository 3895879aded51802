/**
 * The weather of a trip's stop-days (docs/product.md#weather): for every stop on a dated day, that day's weather at
 * the stop, a forecast within the provider's horizon and the place's climate normals beyond it. Members ask by trip,
 * readers of a shared trip by its link. Sunrise and sunset are not here: the page and the exports compute them
 * offline (shared/src/weather/sunTimes.ts).
 */
import { z } from 'zod';
import { requestObject, tripId } from './common.ts';
import { ZPublicTripRequest } from './tripDetail.ts';

/** Open-Meteo's credit, as its licence asks: shown wherever its data shows. */
export const WEATHER_ATTRIBUTION = 'Weather data by Open-Meteo.com (CC BY 4.0)';
export const WEATHER_ATTRIBUTION_URL = 'https://open-meteo.com/';

export const ZTripWeatherRequest = requestObject({ tripId: tripId() });
export const ZSharedTripWeatherRequest = ZPublicTripRequest;

/** The hour of arrival, from the hourly forecast. */
export const ZArrivalWeather = z.object({
  temperatureC: z.number(),
  /** WMO weather interpretation code (0 clear … 99 thunderstorm with hail); null when the provider gave none. */
  weatherCode: z.number().int().nullable(),
  precipitationProbability: z.number().nullable(),
});

export const ZDayWeather = z.object({
  /** 'forecast' within the horizon; 'normals' beyond it: the average of the same days over the last years. */
  kind: z.enum(['forecast', 'normals']),
  maxC: z.number(),
  minC: z.number(),
  /** Percent: the forecast's chance of rain or snow; for normals, the share of those past days with 1 mm or more. */
  precipitationProbability: z.number().nullable(),
  /** WMO code: the day's (forecast) or the most common one on those past days (normals). */
  weatherCode: z.number().int().nullable(),
  /** The day's strongest wind at 10 m, km/h (normals: its average). */
  windMaxKmh: z.number().nullable(),
  arrival: ZArrivalWeather.nullable(),
  /** When the provider gave this answer (ISO). */
  asOf: z.string(),
  /** Normals: how many years they average. */
  years: z.number().int().optional(),
});

export const ZStopDayWeather = z.object({
  stopId: z.string(),
  /** The stop's local date, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Null when there is none: no provider, the provider did not answer, or the day is past. */
  weather: ZDayWeather.nullable(),
});

export const ZTripWeatherResponse = z.object({
  /** 'none': this server asks no weather provider (PROVIDERS=offline without WEATHER_URL); the page says it needs a connection. */
  provider: z.enum(['open-meteo', 'none']),
  /** Some stop-day has no weather because the provider did not answer now. */
  incomplete: z.boolean(),
  stopDays: z.array(ZStopDayWeather),
  attribution: z.string().nullable(),
});

export type TDayWeather = z.infer<typeof ZDayWeather>;
export type TArrivalWeather = z.infer<typeof ZArrivalWeather>;
export type TStopDayWeather = z.infer<typeof ZStopDayWeather>;
export type TTripWeatherResponse = z.infer<typeof ZTripWeatherResponse>;
export type TTripWeatherRequest = z.infer<typeof ZTripWeatherRequest>;
