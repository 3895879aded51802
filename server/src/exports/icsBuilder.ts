/**
 * The trip as an iCalendar (RFC 5545) calendar, built with ical-generator (which escapes commas,
 * semicolons, backslashes and line breaks, and folds long lines), every text made a TEXT value by icsText.ts:
 * one all-day VEVENT per stop with a planned arrival, on that date, whose description carries the leave-by
 * time and the drive from the previous stop.
 * A planned arrival is a calendar date, so the event is a DATE, the same day in every time zone.
 * Each event's UID is the stop's id, so a subscribed calendar updates an event in place when the plan moves.
 * The same text serves the ICS download and the calendar feed.
 */
import ical, { type ICalLocation } from 'ical-generator';
import type { ExportStop, ExportTrip } from './exportTrip.ts';
import { icsCalendarText, icsText } from './icsText.ts';
import { stopDescription } from './stopDescription.ts';

/** Calendar apps poll a feed; an hour between polls is the hint most of them honour. */
const FEED_REFRESH_SECONDS = 3600;

/** The address where there is one (else the stop's name), with the stop's position as GEO. */
function eventLocation(stop: ExportStop): ICalLocation | undefined {
  if (!stop.address && !stop.position) return undefined;
  const geo = stop.position ? { lat: stop.position.latitude, lon: stop.position.longitude } : undefined;
  return { title: icsText(stop.address ?? stop.name), geo };
}

export function buildIcs(trip: ExportTrip, now = new Date()): string {
  const calendar = ical({
    name: icsCalendarText(trip.title),
    description: trip.description ? icsCalendarText(trip.description) : undefined,
    prodId: { company: 'Caravan', product: 'Caravan', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const stop of trip.stops) {
    if (!stop.plannedDate) continue;
    calendar.createEvent({
      id: `${stop.id}@caravan`,
      allDay: true,
      start: new Date(`${stop.plannedDate}T00:00:00Z`),
      summary: icsText(stop.name),
      description: icsText(stopDescription(stop, trip.arrivalTime)),
      location: eventLocation(stop),
      stamp: now,
    });
  }
  return calendar.toString();
}
