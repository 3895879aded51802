/**
 * The day model walked over one order of stops: day 1 leaves the first stop at the departure time, each later day
 * at the earliest departure (or the lodging's check-out); arrival = departure + drive, a wait for opening hours or a
 * fixed time, departure = arrival + wait + stay; a day ends at an overnight stop and before a stop held to a later
 * planned date. Splitting (what "Plan my days" adds) also ends a day before a drive that would pass the daily
 * limit or arrive after the latest arrival, and before a stop it would reach closed or after its fixed time when
 * the next morning would be in time. Every constraint it cannot meet is listed, the car's range running out among them
 * (the itinerary's rule, stepped in place: shared/src/range/rangeStep.ts). Times are whole minutes:
 * instants since the epoch, local times on each stop's clocks (zonedClock.ts).
 */
import { LRUCache } from 'lru-cache';
import { arriveRange, driveRange, minuteOfDay, parseOpeningHours, rangeRuleOf, startRange } from '@caravan/shared';
import type { RoadMatrix } from '../../routing/legRouter.ts';
import type { DayPlanSettings, TimedStop, Unmet } from './planStops.ts';
import { DAY_MINUTES, dateOf, dayNumber, dayOf, instantAt, localAt, localOfRuntimeDate, runtimeLocalDate } from './zonedClock.ts';

export interface SimulatedDay {
  /** 1-based, counted in dates from the trip's day 1 as the itinerary counts them (a rest day has its number). */
  day: number;
  /** 'YYYY-MM-DD' in the zone of the stop the day leaves from. */
  date: string;
  /** The stop the day leaves from, then every stop reached that day. */
  stopIds: string[];
  driveMinutes: number;
  distanceKm: number;
  /** The stop the group sleeps at after this day; null for the last day. */
  sleepsAt: string | null;
  /** The days spent at that stop after this one (a 2-night stay: one). */
  restDays: { day: number; date: string }[];
}

export interface Simulation {
  days: SimulatedDay[];
  unmet: Unmet[];
}

/**
 * Each text's open intervals (local times) per day: the library takes ~30 µs a question, and a plan asks thousands.
 * Texts are kept least recently used first out, enough for a thousand stops of distinct texts: dropping every text
 * at once when full made such a plan ask the library again and again. Per text, a day is one lookup (no key built):
 * a plan asks millions of times.
 */
const openByText = new LRUCache<string, Map<number, [number, number][]>>({ max: 4_000 });
/** Days kept per text: far more than a plan's horizon; only bounds memory. */
const MAX_DAYS_PER_TEXT = 2_000;

export function openIntervals(text: string, day: number): [number, number][] {
  let byDay = openByText.get(text);
  if (!byDay) openByText.set(text, (byDay = new Map()));
  let intervals = byDay.get(day);
  if (!intervals) {
    const hours = parseOpeningHours(text);
    const from = runtimeLocalDate(day * DAY_MINUTES);
    const to = runtimeLocalDate((day + 1) * DAY_MINUTES);
    intervals = hours ? hours.getOpenIntervals(from, to).map(([open, close]): [number, number] => [localOfRuntimeDate(open), localOfRuntimeDate(close)]) : [[day * DAY_MINUTES, (day + 1) * DAY_MINUTES]];
    if (byDay.size >= MAX_DAYS_PER_TEXT) byDay.clear();
    byDay.set(day, intervals);
  }
  return intervals;
}

/** Minutes to wait at local time `local` for the place to open, 0 when open; null when it does not open again that day. */
function openingWait(text: string, local: number): number | null {
  for (const [open, close] of openIntervals(text, dayOf(local))) {
    if (local < open) return open - local;
    if (local < close) return 0;
  }
  return null;
}

/**
 * Minutes a stay of `stay` begun at local time `local` (while open) runs past the place's closing; 0 within its
 * hours. An interval that ends at midnight goes on in the next day's first when that opens at midnight.
 */
function minutesPastClosing(text: string, local: number, stay: number): number {
  let day = dayOf(local);
  let close = openIntervals(text, day).find(([open, closes]) => open <= local && local < closes)?.[1];
  if (close === undefined) return 0;
  while (close < local + stay && close === (day + 1) * DAY_MINUTES) {
    const next = openIntervals(text, ++day).find(([open]) => open === close);
    if (!next) break;
    close = next[1];
  }
  return Math.max(0, local + stay - close);
}

/** Whether arriving at `instant` misses the stop's fixed time or finds it closed for the rest of that day. */
function misses(stop: TimedStop, instant: number): boolean {
  const local = localAt(instant, stop.zone);
  if (stop.fixedMinute !== null && local > (stop.plannedDay ?? dayOf(local)) * DAY_MINUTES + stop.fixedMinute) return true;
  return stop.openingHours !== null && openingWait(stop.openingHours, local) === null;
}

/** A stop reached today after its fixed time or when closed, but in time tomorrow morning: sleep before it. */
function betterTomorrow(stop: TimedStop, previous: TimedStop, time: number, leg: number, day: number, earliest: number): boolean {
  if (stop.fixedMinute === null && stop.openingHours === null) return false;
  const tomorrow = instantAt((day + previous.nights) * DAY_MINUTES + Math.max(earliest, previous.checkOutMinute ?? 0), previous.zone);
  return misses(stop, time + leg) && !misses(stop, Math.max(time, tomorrow) + leg);
}

/**
 * Day 1 (days since 1970-01-01) and the instant it leaves the first stop: the start date, else the first stop's
 * planned date, else today; a first stop planned later than the start date is left on its date, as any stop held to
 * a later date is (the itinerary's day model).
 */
export function tripStart(first: TimedStop, settings: DayPlanSettings, now: number): { dayOne: number; day: number; time: number } {
  const dayOne = settings.startDate ? dayNumber(settings.startDate) : (first.plannedDay ?? dayOf(localAt(Math.floor(now / 60_000), first.zone)));
  const day = Math.max(dayOne, first.plannedDay ?? dayOne);
  const departure = minuteOfDay(settings.departureTime) ?? minuteOfDay(settings.earliestDeparture) ?? 0;
  return { dayOne, day, time: instantAt(day * DAY_MINUTES + departure, first.zone) };
}

export function simulateDays(stops: readonly TimedStop[], matrix: RoadMatrix, settings: DayPlanSettings, now: number, splitting: boolean): Simulation {
  const unmet: Unmet[] = [];
  const days: SimulatedDay[] = [];
  if (stops.length === 0) return { days, unmet };
  const limit = settings.dailyDriveLimitMinutes;
  const latest = minuteOfDay(settings.latestArrival) ?? DAY_MINUTES - 1;
  const earliest = minuteOfDay(settings.earliestDeparture) ?? 0;
  const first = stops[0];
  const start = tripStart(first, settings, now);
  let { day, time } = start;
  /** The day `on` (days since 1970-01-01) as the itinerary numbers it. */
  const numberOf = (on: number) => on - start.dayOne + 1;
  const dayStarting = (on: number, stopId: string): SimulatedDay => ({ day: numberOf(on), date: dateOf(on), stopIds: [stopId], driveMinutes: 0, distanceKm: 0, sleepsAt: null, restDays: [] });
  let current = dayStarting(day, first.id);
  let legsToday = 0;
  let lastLocated = first.located;
  const range = settings.vehicle ? rangeRuleOf(settings.vehicle) : null;
  const tank = range ? startRange(range, first.located !== null) : null;
  let lastFillStopId = first.id;

  /** Minutes past the current day's latest arrival an arrival at `instant` in `zone` is (a later date counts whole days). */
  const minutesPastWindow = (instant: number, zone: string) => localAt(instant, zone) - (day * DAY_MINUTES + latest);

  // Closures are made once per walk, not per stop: a plan walks thousands of orders.
  const miss = (stop: TimedStop, kind: Unmet['kind'], minutes: number | null) => unmet.push({ stopId: stop.id, day: current.day, kind, minutes });
  const closeDay = () => {
    if (current.driveMinutes > limit) {
      const kind = legsToday === 1 ? 'longLeg' : 'overDailyLimit';
      unmet.push({ stopId: current.stopIds[current.stopIds.length - 1], day: current.day, kind, minutes: Math.round(current.driveMinutes - limit) });
    }
    current.distanceKm = Math.round(current.distanceKm * 10) / 10;
    days.push(current);
  };

  /** Ends the day at `stop`: the next is `nights` later, or on the date the next stop is held to when later. */
  const endDayAt = (stop: TimedStop, nights: number, heldTo: number | null) => {
    current.sleepsAt = stop.id;
    // Nights count as days: each night after the first is a rest day there.
    for (let k = 1; k < nights; k++) current.restDays.push({ day: numberOf(day + k), date: dateOf(day + k) });
    closeDay();
    day = Math.max(day + nights, heldTo ?? 0);
    time = Math.max(time, instantAt(day * DAY_MINUTES + Math.max(earliest, stop.checkOutMinute ?? 0), stop.zone));
    current = dayStarting(day, stop.id);
    legsToday = 0;
  };

  /**
   * The stop reached at `at`: a planned date passed, the wait for its fixed time (on its planned date, else the
   * arrival's) and its opening, a stay past closing; the instant it is left. The first stop is walked too (no stay).
   */
  const visit = (stop: TimedStop, arrival: number, stay = stop.stayMinutes) => {
    let at = arrival;
    if (stop.plannedDay !== null && stop.plannedDay < day) miss(stop, 'lateForPlannedDate', (day - stop.plannedDay) * DAY_MINUTES);
    if (stop.fixedMinute !== null) {
      const fixed = instantAt((stop.plannedDay ?? dayOf(localAt(at, stop.zone))) * DAY_MINUTES + stop.fixedMinute, stop.zone);
      if (at > fixed) miss(stop, 'fixedTimeMissed', at - fixed);
      at = Math.max(at, fixed);
    }
    if (stop.openingHours !== null) {
      // One zone lookup: the visit starts at the opening's local time, `local + wait`.
      const local = localAt(at, stop.zone);
      const wait = openingWait(stop.openingHours, local);
      if (wait === null) miss(stop, 'closed', null);
      else {
        at += wait;
        const past = minutesPastClosing(stop.openingHours, local + wait, stay);
        if (past > 0) miss(stop, 'closesDuringStay', past);
      }
    }
    return at + stay;
  };

  time = visit(first, time, 0);
  for (let i = 1; i < stops.length; i++) {
    const previous = stops[i - 1];
    const stop = stops[i];
    const driven = stop.located !== null && lastLocated !== null;
    const leg = driven ? Math.round(matrix.minutes[lastLocated!][stop.located!]) : 0;
    const km = driven ? matrix.distanceKm[lastLocated!][stop.located!] : 0;

    const heldLater = stop.plannedDay !== null && stop.plannedDay > day;
    // A day never ends at a fixed-time stop (a 19:00 dinner) when the overnight after it is within the limit: the
    // next day would be a short drive to the bed booked for tonight.
    const bedTonight = previous.fixedMinute !== null && stop.overnight && current.driveMinutes + leg <= limit;
    const splitsHere =
      splitting &&
      legsToday > 0 &&
      leg > 0 &&
      !bedTonight &&
      (current.driveMinutes + leg > limit || minutesPastWindow(time + leg, stop.zone) > 0 || betterTomorrow(stop, previous, time, leg, day, earliest));
    // The first stop is where day 1 sets off from: an overnight mark on it holds nothing (as in the itinerary).
    const sleepsOver = i > 1 && previous.overnight;
    if (sleepsOver || heldLater || splitsHere) endDayAt(previous, sleepsOver ? previous.nights : 1, stop.plannedDay);

    current.stopIds.push(stop.id);
    current.driveMinutes += leg;
    current.distanceKm += km;
    if (leg > 0) legsToday++;
    if (stop.located !== null) lastLocated = stop.located;
    if (range) {
      const runsOut = driveRange(tank!, driven ? km : null);
      if (runsOut !== null) {
        const fraction = km > 0 ? runsOut / km : 0;
        unmet.push({ stopId: stop.id, day: current.day, kind: 'rangeRunsOut', minutes: null, afterStopId: previous.id, km: Math.round(runsOut * 10) / 10, lastFillStopId, fraction });
      }
      arriveRange(tank!, range, stop.located !== null, stop.refuels);
      if (stop.located !== null && stop.refuels) lastFillStopId = stop.id;
    }

    const at = time + leg;
    const late = minutesPastWindow(at, stop.zone);
    if (late > 0) miss(stop, 'pastWindow', late);
    time = visit(stop, at);
  }
  // A trip that ends at an overnight spends its nights there too.
  const last = stops[stops.length - 1];
  if (stops.length > 1 && last.overnight) for (let k = 1; k < last.nights; k++) current.restDays.push({ day: numberOf(day + k), date: dateOf(day + k) });
  closeDay();
  return { days, unmet };
}
