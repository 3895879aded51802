/**
 * The schedule's instants as the files print them: the wall clock in the stop's own zone with the zone's short
 * name ("14:55 PDT"), so a trip across zones reads right wherever the file is opened. luxon in the 'en-US' locale,
 * as the files' dates (formatCalendarDate) are.
 */
import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';

/** An instant and the IANA zone it is read in. */
export interface LocalTime {
  ms: number;
  zone: string;
}

export const localDateTime = ({ ms, zone }: LocalTime) => DateTime.fromMillis(ms, { zone, locale: 'en-US' });

/**
 * A zone's short name at an offset ('PDT'; 'GMT+2' for a zone with no short name in English). luxon asks Intl
 * anew each time (about a millisecond): most of a thousand-stop file's time went there. Kept per zone and offset.
 */
const zoneNames = new LRUCache<string, string>({ max: 2_000 });
function zoneName(at: DateTime): string {
  const key = `${at.zoneName}|${at.offset}`;
  let name = zoneNames.get(key);
  if (name === undefined) zoneNames.set(key, (name = at.toFormat('ZZZZ')));
  return name;
}

/** '14:55 PDT' (a zone with no short name in English prints its offset: '14:55 GMT+2'). */
export const formatClock = (time: LocalTime) => {
  const at = localDateTime(time);
  return `${at.toFormat('HH:mm')} ${zoneName(at)}`;
};

/** 'Friday, August 1, 2025 at 14:55 PDT' */
export const formatLocalDateTime = (time: LocalTime) => {
  const at = localDateTime(time);
  return `${at.toFormat("cccc, LLLL d, yyyy 'at' HH:mm")} ${zoneName(at)}`;
};

/** 'Wed 24 Jun' for '2026-06-24': a day's short name in a track's title. */
export const formatShortDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC', locale: 'en-US' }).toFormat('ccc d LLL');

/** The instant the wall clock `time` ('HH:MM') names on `date` ('YYYY-MM-DD') in `zone`. */
export const instantAt = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
