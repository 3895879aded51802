/**
 * A journal entry's date (docs/product.md#journal): relative ('today', '3 days ago') within 7 days, else 'MMMM
 * d, yyyy'; 'Timeless' when it has none. Entry dates are calendar days, so days are counted between calendar dates.
 */
import { dayNumber, localCalendarDate, toCalendarDate } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';

const RELATIVE_WITHIN_DAYS = 7;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function journalDate(entryDate: string | null | undefined, today: string = localCalendarDate()): string {
  const date = toCalendarDate(entryDate);
  if (!date) return tripViewMessages.journal.timeless;
  const days = dayNumber(date) - dayNumber(today);
  if (Math.abs(days) < RELATIVE_WITHIN_DAYS) return relative.format(days, 'day');
  return longDate.format(new Date(`${date}T00:00:00Z`));
}
