/**
 * A trip's text as an iCalendar TEXT value (RFC 5545 3.3.11), which holds one kind of line break and no
 * control characters, before ical-generator escapes it.
 */
import { escape } from 'ical-generator';

/** Unicode's other line separators (VT, FF, NEL, LS, PS): some calendar readers end a content line at them. */
const LINE_SEPARATORS = /[\v\f\u0085\u2028\u2029]/g;
/** The control characters TEXT cannot hold, tab aside; CR and LF are line breaks, escaped by ical-generator. */
const CONTROL_CHARACTERS = /[\0-\x08\x0e-\x1f\x7f]/g;

/**
 * Text for an event property, which ical-generator escapes: every line separator becomes a line break, so
 * none is written raw where a reader would start a line of its own; other control characters are dropped,
 * as the XML files drop them.
 */
export const icsText = (value: string) => value.replace(LINE_SEPARATORS, '\n').replace(CONTROL_CHARACTERS, '');

/**
 * Text for the calendar's name (NAME, X-WR-CALNAME) and description (X-WR-CALDESC), which ical-generator
 * writes exactly as given, unlike every event property: escaped here with its own helper, so a line break in
 * a trip's title cannot end the line and let the rest add calendar lines of its own (a time zone, events, alarms).
 */
export const icsCalendarText = (value: string) => escape(icsText(value), false);
