/**
 * Planned arrival dates (docs/product.md#itinerary): how they are stored and read, and the epoch sentinel that means
 * "no date". Dates are calendar dates ('YYYY-MM-DD') counted as UTC day numbers, so a browser in Honolulu and the
 * server in UTC count the same days.
 */

const DAY_MS = 86_400_000;

/** Reset All Dates writes the epoch; readers treat it exactly like a missing date. */
export const RESET_DATE = '1970-01-01';

/** How a calendar date is kept on a stop, whichever door writes it: midnight UTC, the form rows seeded from SQL have too. */
export const storedPlannedDate = (calendarDate: string) => `${calendarDate}T00:00:00.000Z`;

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;

/**
 * The calendar date a stored value names. For strings it is the date as written
 * ('2024-06-01T00:00:00.000Z' and '2024-06-01' are both June 1), so an offset never moves a day;
 * a Date object gives its UTC date. Anything unreadable is null.
 */
export function toCalendarDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const match = DATE_PART.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  // Date.UTC rolls 2024-02-30 over to March; a date that does not survive the round trip is not one.
  return dayToDate(Date.UTC(Number(year), Number(month) - 1, Number(day)) / DAY_MS) === date ? date : null;
}

/** The planned arrival as a calendar date, or null when the stop has none (missing, unreadable or reset). */
export function plannedCalendarDate(value: string | Date | null | undefined): string | null {
  const date = toCalendarDate(value);
  return date === RESET_DATE ? null : date;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(date: string): number {
  const calendarDate = toCalendarDate(date);
  if (!calendarDate) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.parse(`${calendarDate}T00:00:00Z`) / DAY_MS;
}

export function dayToDate(day: number): string {
  return new Date(Math.floor(day) * DAY_MS).toISOString().slice(0, 10);
}
