/**
 * The schedule's instants as the files print them: the wall clock in the stop's own zone with the zone's short
 * name ("14:55 PDT"), so a trip across zones reads right wherever the file is opened. luxon in the 'en-US' locale,
 * as the files' dates (formatCalendarDate) are, in the bundled zones the browser reads too (zoneNamed).
 */
import { dateTimeIn, zoneNamed } from '@caravan/shared';
import { DateTime } from 'luxon';

/** An instant and the IANA zone it is read in. */
export interface LocalTime {
  ms: number;
  zone: string;
}

export const localDateTime = ({ ms, zone }: LocalTime) => dateTimeIn(ms, zone);

/** The zone's short name ('PDT'; 'GMT+4' for a zone with no letters of its own), from the bundled data. */
const zoneName = (at: DateTime) => at.offsetNameShort ?? at.zoneName ?? '';

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
export const instantAt = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone: zoneNamed(zone) }).toMillis();
