/**
 * The trip as an iCalendar (RFC 5545) calendar, built with ical-generator (which escapes commas,
 * semicolons, backslashes and line breaks, and folds long lines), every text made a TEXT value by icsText.ts.
 * A timed trip (ExportTrip.days) has one event per stop for its visit (after any wait, for its stay), written in
 * the stop's own zone (DTSTART;TZID=…, with a VTIMEZONE per zone from the same bundled tz data as the schedule's, so
 * a calendar shows the stop's local time and moves nothing when the reader travels); an overnight stop's event is the lodging's
 * stay, check-in on its day to check-out the morning `nights` later. An untimed trip keeps one all-day event
 * (a DATE, the same day in every zone) per stop with a planned arrival.
 * Each event's UID is the stop's id, so a subscribed calendar updates an event in place when the plan moves.
 * The same text serves the ICS download and the calendar feed.
 */
import ical, { type ICalCalendar, type ICalLocation } from 'ical-generator';
import type { TimedStop } from '@caravan/shared';
import type { ExportStop, ExportTrip } from './exportTrip.ts';
import { icsCalendarText, icsText } from './icsText.ts';
import { instantAt, localDateTime } from './localTimes.ts';
import { stopDescription } from './stopDescription.ts';
import { vtimezone } from './vtimezone.ts';
import { momentIn } from './zonedMoment.ts';

/** Calendar apps poll a feed; an hour between polls is the hint most of them honour. */
const FEED_REFRESH_SECONDS = 3600;

/** The address where there is one (else the stop's name), with the stop's position as GEO. */
function eventLocation(stop: ExportStop): ICalLocation | undefined {
  if (!stop.address && !stop.position) return undefined;
  const geo = stop.position ? { lat: stop.position.latitude, lon: stop.position.longitude } : undefined;
  return { title: icsText(stop.address ?? stop.name), geo };
}

/** Per zone, the first and last instant of the events written in it: its VTIMEZONE covers them. */
type ZoneSpans = Map<string, { from: number; to: number }>;

/**
 * When the stop's event starts and ends: the visit (after the wait for its fixed time or opening, for its stay: the
 * wait and the arrival are in the description), or for an overnight the night, arrival (or the lodging's check-in,
 * if later) to departure (or check-out). A stop that ends a day without being an overnight is left the next
 * morning, but its event is still the visit, not the night.
 */
function eventSpan(stop: ExportStop, times: TimedStop, overnight: boolean): { start: number; end: number } {
  if (!overnight) return { start: times.visitStartMs, end: times.visitEndMs };
  const checkIn = stop.lodging?.checkIn;
  const checkOut = stop.lodging?.checkOut;
  const start = checkIn ? Math.max(times.arrivalMs, instantAt(times.date, checkIn, times.timeZone)) : times.arrivalMs;
  const leaving = localDateTime({ ms: times.departureMs, zone: times.timeZone }).toISODate()!;
  const end = checkOut ? Math.min(times.departureMs, instantAt(leaving, checkOut, times.timeZone)) : times.departureMs;
  return { start, end: Math.max(start, end) };
}

function addTimedEvent(calendar: ICalCalendar, spans: ZoneSpans, stop: ExportStop, times: TimedStop, overnight: boolean, description: string, now: Date): void {
  const { start, end } = eventSpan(stop, times, overnight);
  const span = spans.get(times.timeZone);
  spans.set(times.timeZone, { from: Math.min(start, span?.from ?? start), to: Math.max(end, span?.to ?? end) });
  // ical-generator writes the wall clock of a moment-timezone time under the TZID (zonedMoment.ts says why not luxon).
  const at = (ms: number) => momentIn(ms, times.timeZone);
  calendar.createEvent({
    id: `${stop.id}@caravan`,
    start: at(start),
    end: at(end),
    timezone: times.timeZone,
    summary: icsText(stop.lodging ? `${stop.name} — ${stop.lodging.name}` : stop.name),
    description: icsText(description),
    location: eventLocation(stop),
    stamp: now,
  });
}

export function buildIcs(trip: ExportTrip, now = new Date()): string {
  const calendar = ical({
    name: icsCalendarText(trip.title),
    description: trip.description ? icsCalendarText(trip.description) : undefined,
    prodId: { company: 'Caravan', product: 'Caravan', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  const spans: ZoneSpans = new Map();
  // Called as the text is written, when every event's span is known.
  calendar.timezone({ name: null, generator: (zone) => (spans.has(zone) ? vtimezone(zone, spans.get(zone)!.from, spans.get(zone)!.to) : null) });
  const sleepsAt = new Set(trip.days.flatMap((day) => (day.sleep ? [day.sleep.stopId] : [])));
  for (const stop of trip.stops) {
    if (stop.times) {
      addTimedEvent(calendar, spans, stop, stop.times, sleepsAt.has(stop.id), stopDescription(stop, trip), now);
      continue;
    }
    if (!stop.plannedDate) continue;
    calendar.createEvent({
      id: `${stop.id}@caravan`,
      allDay: true,
      start: new Date(`${stop.plannedDate}T00:00:00Z`),
      summary: icsText(stop.name),
      description: icsText(stopDescription(stop, trip)),
      location: eventLocation(stop),
      stamp: now,
    });
  }
  return calendar.toString();
}
