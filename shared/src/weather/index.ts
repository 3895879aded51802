/** A trip's weather by stop-day: which days, which kind of answer, sunrise and sunset, and the words shown. */
export * from './stopDays.ts';
export * from './sunTimes.ts';
export { addDays as addCalendarDays, FORECAST_DAYS, localHourOf, localToday, weatherKindOf, type WeatherKind } from './forecastHorizon.ts';
export * from './weatherText.ts';
export * from './afterSunset.ts';
