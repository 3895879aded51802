/** "3 minutes ago" for activity timestamps, 'Unknown time' when there is none. */
import { appMessages } from './messages/appMessages.ts';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(value: string | null | undefined, now: number = Date.now()): string {
  const time = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) return appMessages.unknownTime;
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return appMessages.justNow;
}
