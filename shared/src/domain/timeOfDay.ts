/** A time of day as the app stores it: 'HH:MM' on a 24-hour clock (a trip's arrival time). */

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const isTimeOfDay = (value: unknown): value is string => typeof value === 'string' && TIME_OF_DAY.test(value);

/** Minutes since midnight of an 'HH:MM' time; null for anything else. */
export function minuteOfDay(value: unknown): number | null {
  if (!isTimeOfDay(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}
