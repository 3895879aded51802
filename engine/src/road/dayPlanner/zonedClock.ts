/**
 * Wall clocks in a stop's own time zone, for the day planner: the instant a local date and time means there, the
 * local date and minute an instant shows there, and the Date whose runtime-local fields equal that wall clock (what
 * the opening_hours library reads, since it evaluates in the runtime's own zone, not the stop's).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Minutes since local midnight. */
  minute: number;
}

/** The local date and minute of `instant` (ms) in `zone`. */
export function wallClockAt(instant: number, zone: string): WallClock {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const utcOf = ({ date, minute }: WallClock) => Date.parse(`${date}T00:00:00Z`) + minute * MINUTE_MS;

/** The instant (ms) at which `zone`'s clocks show `date` and `minute`; in a spring-forward gap, the instant after it. */
export function instantAt(date: string, minute: number, zone: string): number {
  const asUtc = utcOf({ date, minute });
  // The zone's offset at a first guess, then at the answer it gives (they differ only across a clock change).
  let instant = asUtc - (utcOf(wallClockAt(asUtc, zone)) - asUtc);
  instant = asUtc - (utcOf(wallClockAt(instant, zone)) - instant);
  return Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/** `date` plus `days` calendar days. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A Date whose runtime-local fields read as this wall clock, whatever zone the runtime is in. */
export function runtimeLocalDate({ date, minute }: WallClock): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day, Math.floor(minute / 60), minute % 60);
}

/** The wall clock a runtime-local Date reads as. */
export function wallClockOfRuntimeDate(value: Date): WallClock {
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`, minute: value.getHours() * 60 + value.getMinutes() };
}
