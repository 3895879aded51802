/**
 * A day's weather in words, as the itinerary, the stops and the exports show it: "18° / 9° · Partly cloudy ·
 * 20 % rain · wind 25 km/h", in °F and mph for a reader who counts in miles, and "usually" for climate normals.
 */
import type { TArrivalWeather, TDayWeather } from '../contracts/weather.ts';
import type { DistanceUnit } from '../contracts/distanceUnit.ts';

/** WMO weather interpretation codes, as Open-Meteo gives them. */
const CODE_WORDS: ReadonlyArray<[maxCode: number, words: string]> = [
  [0, 'Clear'],
  [1, 'Mainly clear'],
  [2, 'Partly cloudy'],
  [3, 'Overcast'],
  [48, 'Fog'],
  [57, 'Drizzle'],
  [67, 'Rain'],
  [77, 'Snow'],
  [82, 'Rain showers'],
  [86, 'Snow showers'],
  [99, 'Thunderstorm'],
];

export function weatherCodeWords(code: number | null): string | null {
  if (code === null || code < 0) return null;
  return CODE_WORDS.find(([maxCode]) => code <= maxCode)?.[1] ?? null;
}

export const temperatureText = (celsius: number, unit: DistanceUnit = 'km') =>
  unit === 'mi' ? `${Math.round((celsius * 9) / 5 + 32)}°F` : `${Math.round(celsius)}°C`;

const windText = (kmh: number, unit: DistanceUnit) => (unit === 'mi' ? `wind ${Math.round(kmh / 1.609344)} mph` : `wind ${Math.round(kmh)} km/h`);

export function dayWeatherText(weather: TDayWeather, unit: DistanceUnit = 'km'): string {
  const words = weatherCodeWords(weather.weatherCode);
  const parts = [
    `${temperatureText(weather.maxC, unit)} / ${temperatureText(weather.minC, unit)}`,
    words,
    weather.precipitationProbability === null ? null : `${Math.round(weather.precipitationProbability)} % rain`,
    weather.windMaxKmh === null ? null : windText(weather.windMaxKmh, unit),
  ];
  const text = parts.filter(Boolean).join(' · ');
  return weather.kind === 'normals' ? `Usually ${text} (${weather.years ?? 10}-year average)` : text;
}

export function arrivalWeatherText(arrival: TArrivalWeather, unit: DistanceUnit = 'km'): string {
  const words = weatherCodeWords(arrival.weatherCode);
  return [`${temperatureText(arrival.temperatureC, unit)} on arrival`, words?.toLowerCase()].filter(Boolean).join(', ');
}
