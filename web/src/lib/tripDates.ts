/** A trip's dates as its cards say them: 'Jun 12 – 18, 2031', 'Jun 12, 2031' for one day. */
import type { TTripPreview } from '@caravan/shared';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Calendar dates ('YYYY-MM-DD') are read as UTC days, so no time zone moves them. */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

export function formatTripDates(dates: NonNullable<TTripPreview['dates']>): string {
  if (dates.first === dates.last) return dayFormat.format(utcDay(dates.first));
  return dayFormat.formatRange(utcDay(dates.first), utcDay(dates.last));
}
