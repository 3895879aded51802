/**
 * The trip as an iCalendar (RFC 5545) calendar, built with ical-generator (which escapes commas,
 * semicolons, backslashes and line breaks in event text, and folds long lines): one all-day VEVENT per
 * stop with a planned arrival, on that date, whose description carries the leave-by time and the drive
 * from the previous stop.
 * A planned arrival is a calendar date (SPEC-2), so the event is a DATE, the same day in every time zone.
 * Each event's UID is the stop's id, so a subscribed calendar updates an event in place when the plan moves.
 * The same text serves the ICS download and the calendar feed.
 */
import ical, { escape, type ICalLocation } from 'ical-generator';
import type { ExportStop, ExportTrip } from './exportTrip.ts';
import { stopDescription } from './stopDescription.ts';

/** Calendar apps poll a feed; an hour between polls is the hint most of them honour. */
const FEED_REFRESH_SECONDS = 3600;

/**
 * Calendar-level text as a TEXT value. ical-generator writes the calendar's name (NAME, X-WR-CALNAME) and
 * description (X-WR-CALDESC) exactly as given, unlike every event property, so a line break in a trip's
 * title would end the line and let the rest of the title add its own calendar lines (a time zone, events,
 * alarms). Its own escape helper is what it applies to event text.
 */
const calendarText = (value: string) => escape(value, false);

/** The address where there is one (else the stop's name), with the stop's position as GEO. */
function eventLocation(stop: ExportStop): ICalLocation | undefined {
  if (!stop.address && !stop.position) return undefined;
  const geo = stop.position ? { lat: stop.position.latitude, lon: stop.position.longitude } : undefined;
  return { title: stop.address ?? stop.name, geo };
}

export function buildIcs(trip: ExportTrip, now = new Date()): string {
  const calendar = ical({
    name: calendarText(trip.title),
    description: trip.description ? calendarText(trip.description) : undefined,
    prodId: { company: 'Caravan', product: 'Caravan', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const stop of trip.stops) {
    if (!stop.plannedDate) continue;
    calendar.createEvent({
      id: `${stop.id}@caravan`,
      allDay: true,
      start: new Date(`${stop.plannedDate}T00:00:00Z`),
      summary: stop.name,
      description: stopDescription(stop, trip.arrivalTime),
      location: eventLocation(stop),
      stamp: now,
    });
  }
  return calendar.toString();
}
