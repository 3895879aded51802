/**
 * A stand-in Open-Meteo on 127.0.0.1 speaking its JSON: GET /v1/forecast answers 16 days from each place's today (in
 * the zone sent for it) of daily and hourly series, GET /v1/archive every day from start_date to end_date; one place
 * answers an object, several an array in the order asked. Values follow the date (`standInForecast`, `STAND_IN_ARCHIVE`)
 * so a test knows what each day should show. It records every request and its User-Agent; `down` makes it answer
 * 503, `tooMany` 429 with a Retry-After of two minutes.
 */
import http from 'node:http';
import { addCalendarDays as addDays, localToday } from '@caravan/shared';
import { closeServer, listenLocally } from './standInServer.ts';

export interface OpenMeteoStandIn {
  /** The forecast endpoint, as WEATHER_URL names it. */
  forecastUrl: string;
  /** The archive endpoint, as WEATHER_ARCHIVE_URL names it. */
  archiveUrl: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  userAgents: string[];
  down: boolean;
  tooMany: boolean;
  close(): Promise<void>;
}

const CODES = [0, 1, 2, 3, 61, 71];

/** A forecast day's figures, from its day of the month (so neighbouring days differ). */
export function standInForecast(date: string) {
  const day = Number(date.slice(8, 10));
  return { maxC: 10 + day, minC: day, precipitationProbability: (day * 3) % 100, weatherCode: CODES[day % CODES.length], windMaxKmh: 5 + day };
}

/** An hour's temperature: the day's minimum plus half the hour. */
export const standInHourTemperature = (date: string, hour: number) => standInForecast(date).minC + hour / 2;

/** Every archive day's figures; a day of the month divisible by 3 is wet. */
export const STAND_IN_ARCHIVE = { maxC: 25, minC: 12, weatherCode: 3, windMaxKmh: 20 };

const listOf = (url: URL, name: string) => (url.searchParams.get(name) ?? '').split(',');

function forecastOf(zone: string) {
  const today = localToday(Date.now(), zone);
  const days = Array.from({ length: 16 }, (_, index) => addDays(today, index));
  const hours = days.flatMap((date) => Array.from({ length: 24 }, (_, hour) => ({ date, hour })));
  return {
    timezone: zone,
    daily: {
      time: days,
      temperature_2m_max: days.map((date) => standInForecast(date).maxC),
      temperature_2m_min: days.map((date) => standInForecast(date).minC),
      precipitation_probability_max: days.map((date) => standInForecast(date).precipitationProbability),
      weather_code: days.map((date) => standInForecast(date).weatherCode),
      wind_speed_10m_max: days.map((date) => standInForecast(date).windMaxKmh),
    },
    hourly: {
      time: hours.map(({ date, hour }) => `${date}T${String(hour).padStart(2, '0')}:00`),
      temperature_2m: hours.map(({ date, hour }) => standInHourTemperature(date, hour)),
      weather_code: hours.map(({ date }) => standInForecast(date).weatherCode),
      precipitation_probability: hours.map(({ date }) => standInForecast(date).precipitationProbability),
    },
  };
}

function archiveOf(zone: string, start: string, end: string) {
  const days: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) days.push(date);
  return {
    timezone: zone,
    daily: {
      time: days,
      temperature_2m_max: days.map(() => STAND_IN_ARCHIVE.maxC),
      temperature_2m_min: days.map(() => STAND_IN_ARCHIVE.minC),
      precipitation_sum: days.map((date) => (Number(date.slice(8, 10)) % 3 === 0 ? 2 : 0)),
      weather_code: days.map(() => STAND_IN_ARCHIVE.weatherCode),
      wind_speed_10m_max: days.map(() => STAND_IN_ARCHIVE.windMaxKmh),
    },
  };
}

export async function startOpenMeteoStandIn(): Promise<OpenMeteoStandIn> {
  const standIn = { requests: [] as URL[], userAgents: [] as string[], down: false, tooMany: false };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    standIn.requests.push(url);
    standIn.userAgents.push(request.headers['user-agent'] ?? '');
    if (standIn.tooMany) return void response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' }).end('{"error":true,"reason":"Too many requests"}');
    if (standIn.down) return void response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":true,"reason":"down"}');
    // A request without zones (a reachability check) is answered in GMT, as Open-Meteo does.
    const zones = listOf(url, 'timezone').map((zone) => zone || 'GMT');
    const places = listOf(url, 'latitude').map((_, index) =>
      url.pathname.endsWith('/archive') ? archiveOf(zones[index], url.searchParams.get('start_date')!, url.searchParams.get('end_date')!) : forecastOf(zones[index]),
    );
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places.length === 1 ? places[0] : places));
  });
  const origin = await listenLocally(server);
  return Object.assign(standIn, { forecastUrl: `${origin}/v1/forecast`, archiveUrl: `${origin}/v1/archive`, close: () => closeServer(server) });
}
