/**
 * A zone's VTIMEZONE (RFC 5545 §3.6.5) from the bundled tz data the schedule was computed with, one observance per
 * period of the zone's clock that the calendar's events touch. A calendar app reads an event's wall clock
 * (DTSTART;TZID=…) by this block, so it must hold the offsets the wall clocks were written with: a generic block of
 * a zone's current rules misreads a date before a rule change (Banff's December 2025 at UTC−7 read as UTC−6).
 */
import { periodAt, readableAbbreviation, zoneRules } from '@caravan/shared';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** '-0600', '+0530' */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

/** '20261101T020000': the local clock at `ms` with `offset` (a DATE-TIME with no zone, as an observance's DTSTART is). */
function localStamp(ms: number, offset: number): string {
  const at = new Date(ms + offset * 60_000);
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
}

/**
 * The VTIMEZONE of `zone` for events between `fromMs` and `toMs`, or null for a zone the data does not know. A period
 * is DAYLIGHT when its offset is above a neighbour's (summer time between two winters), else STANDARD.
 */
export function vtimezone(zone: string, fromMs: number, toMs: number): string | null {
  const rules = zoneRules(zone);
  if (!rules) return null;
  const { offsets, untils, abbreviations } = rules;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  for (let period = periodAt(rules, fromMs); period <= periodAt(rules, toMs); period++) {
    const offset = offsets[period];
    const before = period > 0 ? offsets[period - 1] : offset;
    const after = period < offsets.length - 1 ? offsets[period + 1] : offset;
    const kind = offset > Math.min(before, after) ? 'DAYLIGHT' : 'STANDARD';
    // The first period has been in force for ever: it starts at the epoch (before any event) with no change.
    const start = period > 0 ? localStamp(untils[period - 1], before) : '19700101T000000';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(offset)}`,
      `TZNAME:${readableAbbreviation(abbreviations[period])}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
