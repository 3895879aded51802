/**
 * The schedule's instants as the files print them: the wall clock in the stop's own zone with the zone's short
 * name ("14:55 PDT"), so a trip across zones reads right wherever the file is opened. luxon in the 'en-US' locale,
 * as the files' dates (formatCalendarDate) are.
 */
import { DateTime } from 'luxon';

/** An instant and the IANA zone it is read in. */
export interface LocalTime {
  ms: number;
  zone: string;
}

export const localDateTime = ({ ms, zone }: LocalTime) => DateTime.fromMillis(ms, { zone, locale: 'en-US' });

/** '14:55 PDT' (a zone with no short name in English prints its offset: '14:55 GMT+2'). */
export const formatClock = (time: LocalTime) => localDateTime(time).toFormat('HH:mm ZZZZ');

/** 'Friday, August 1, 2025 at 14:55 PDT' */
export const formatLocalDateTime = (time: LocalTime) => localDateTime(time).toFormat("cccc, LLLL d, yyyy 'at' HH:mm ZZZZ");

/** 'Wed 24 Jun' for '2026-06-24': a day's short name in a track's title. */
export const formatShortDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC', locale: 'en-US' }).toFormat('ccc d LLL');

/** The instant the wall clock `time` ('HH:MM') names on `date` ('YYYY-MM-DD') in `zone`. */
export const instantAt = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
