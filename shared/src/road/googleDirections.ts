/**
 * "Open route in Google Maps" (docs/product.md#itinerary): Google Maps directions links for the
 * trip's located stops in order. Google's desktop directions take an origin, at most 9 waypoints and a
 * destination, so a longer route is split into consecutive segments that share their end stop (one segment's
 * destination is the next one's origin). When dates are planned there is also a link per day: from where the
 * previous day ended through that day's stops.
 */
import { hasPosition } from '../domain/position.ts';
import { plannedCalendarDate } from '../domain/schedule.ts';
import { roundCoordinate } from './driveLeg.ts';

export const GOOGLE_DIRECTIONS_MAX_WAYPOINTS = 9;
/** Origin, the waypoints and the destination. */
const MAX_POINTS_PER_LINK = GOOGLE_DIRECTIONS_MAX_WAYPOINTS + 2;

export interface DirectionsStop {
  latitude: number;
  longitude: number;
  plannedArrivalDate?: string | Date | null;
}

export interface DirectionsLink {
  url: string;
  /** 1-based numbers of the segment's first and last stop in the trip (as the itinerary numbers them). */
  fromNumber: number;
  toNumber: number;
  /** How many stops the link visits, origin and destination included. */
  stopCount: number;
}

export interface DayDirections {
  /** 'YYYY-MM-DD' */
  date: string;
  links: DirectionsLink[];
}

interface NumberedPoint {
  latitude: number;
  longitude: number;
  number: number;
}

const coordinates = (point: { latitude: number; longitude: number }) => `${roundCoordinate(point.latitude)},${roundCoordinate(point.longitude)}`;

/** A driving directions URL through `points` (2 to 11 of them) in order. */
export function directionsUrl(points: ReadonlyArray<{ latitude: number; longitude: number }>): string {
  const origin = points[0];
  const destination = points[points.length - 1];
  const waypoints = points.slice(1, -1);
  const via = waypoints.length ? `&waypoints=${waypoints.map(coordinates).join('|')}` : '';
  return `https://www.google.com/maps/dir/?api=1&origin=${coordinates(origin)}&destination=${coordinates(destination)}${via}&travelmode=driving`;
}

/** Consecutive runs of at most 11 points, each starting where the previous one ended; none for fewer than 2. */
function segments(points: NumberedPoint[]): NumberedPoint[][] {
  const runs: NumberedPoint[][] = [];
  for (let start = 0; start < points.length - 1; start += MAX_POINTS_PER_LINK - 1) {
    runs.push(points.slice(start, start + MAX_POINTS_PER_LINK));
  }
  return runs;
}

const toLink = (run: NumberedPoint[]): DirectionsLink => ({
  url: directionsUrl(run),
  fromNumber: run[0].number,
  toNumber: run[run.length - 1].number,
  stopCount: run.length,
});

function locatedStops(orderedStops: ReadonlyArray<DirectionsStop>): (NumberedPoint & { date: string | null })[] {
  return orderedStops.flatMap((stop, index) =>
    hasPosition(stop)
      ? [{ latitude: stop.latitude, longitude: stop.longitude, number: index + 1, date: plannedCalendarDate(stop.plannedArrivalDate) }]
      : [],
  );
}

/** The whole route's links, in order; none with fewer than two located stops. */
export function routeDirections(orderedStops: ReadonlyArray<DirectionsStop>): DirectionsLink[] {
  return segments(locatedStops(orderedStops)).map(toLink);
}

/**
 * One entry per planned day, in trip order: the drive from the previous day's last stop through the stops
 * arriving that day. A stop without a date is passed on the way to the next dated stop, so it rides with
 * that stop's day; stops after the last dated one are in the whole-route links only. None when no located
 * stop has a date.
 */
export function dayDirections(orderedStops: ReadonlyArray<DirectionsStop>): DayDirections[] {
  const located = locatedStops(orderedStops);
  let nextDate: string | null = null;
  for (let index = located.length - 1; index >= 0; index -= 1) {
    nextDate = located[index].date ?? nextDate;
    located[index].date = nextDate;
  }
  const days: { date: string; stops: NumberedPoint[] }[] = [];
  for (const stop of located) {
    if (stop.date === null) break;
    const last = days[days.length - 1];
    if (last?.date === stop.date) last.stops.push(stop);
    else days.push({ date: stop.date, stops: [stop] });
  }
  return days.flatMap((day, index) => {
    const start = index > 0 ? [days[index - 1].stops[days[index - 1].stops.length - 1]] : [];
    const links = segments([...start, ...day.stops]).map(toLink);
    return links.length ? [{ date: day.date, links }] : [];
  });
}
