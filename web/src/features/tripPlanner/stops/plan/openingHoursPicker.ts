/**
 * The opening-hours picker's common cases as OpenStreetMap `opening_hours` text and back: open every day, or on
 * some days of the week, from one time to another ("Tu-Su 10:00-17:00": closed on Mondays), or always ("24/7").
 * Anything else is typed as text; a text this reads back fills the picker when the dialog opens.
 */
import { isTimeOfDay } from '@caravan/shared';

export const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

export interface HoursPick {
  /** Open on each day of the week, Monday first. */
  days: boolean[];
  from: string;
  to: string;
  always: boolean;
}

export const EMPTY_PICK: HoursPick = { days: [true, true, true, true, true, true, true], from: '09:00', to: '17:00', always: false };

/** Runs of consecutive open days as OSM writes them: 'Mo-Fr', 'Sa,Su' for two, 'We' for one. */
function dayRanges(days: readonly boolean[]): string {
  const ranges: string[] = [];
  for (let start = 0; start < 7; start += 1) {
    if (!days[start]) continue;
    let end = start;
    while (end + 1 < 7 && days[end + 1]) end += 1;
    const length = end - start + 1;
    ranges.push(length === 1 ? WEEKDAYS[start] : length === 2 ? `${WEEKDAYS[start]},${WEEKDAYS[end]}` : `${WEEKDAYS[start]}-${WEEKDAYS[end]}`);
    start = end;
  }
  return ranges.join(',');
}

/** The picker's hours as text, or null while they name no opening (no day, or a time missing). */
export function pickToOpeningHours(pick: HoursPick): string | null {
  if (pick.always) return '24/7';
  const [from, to] = [pick.from.slice(0, 5), pick.to.slice(0, 5)];
  if (!pick.days.some(Boolean) || !isTimeOfDay(from) || !isTimeOfDay(to) || from === to) return null;
  return `${dayRanges(pick.days)} ${from}-${to}`;
}

const DAY_PART = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?$/;

/** The picker for a text it could have written, or null (the text is left to the text field). */
export function openingHoursToPick(text: string): HoursPick | null {
  const trimmed = text.trim();
  if (trimmed === '24/7') return { ...EMPTY_PICK, always: true };
  const match = /^([A-Za-z,-]+) (\d\d:\d\d)-(\d\d:\d\d)$/.exec(trimmed);
  if (!match || !isTimeOfDay(match[2]) || !isTimeOfDay(match[3])) return null;
  const days = Array<boolean>(7).fill(false);
  for (const part of match[1].split(',')) {
    const range = DAY_PART.exec(part);
    if (!range) return null;
    const [start, end] = [WEEKDAYS.indexOf(range[1] as never), WEEKDAYS.indexOf((range[2] ?? range[1]) as never)];
    if (end < start) return null;
    for (let day = start; day <= end; day += 1) days[day] = true;
  }
  return { days, from: match[2], to: match[3], always: false };
}
