/**
 * Plan my days walks the day model over its matrix (./dayPlanner/daySimulation.ts) and the page walks it over the
 * stops' drives (shared computeSchedule): the same trip in the same order must get the same days and the same
 * verdicts from both, or the dialog says "nothing unmet" of a stop the itinerary marks closed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeSchedule, legPoint, type ScheduleStopInput, type TVehicle } from '@caravan/shared';
import type { RoadMatrix } from '../routing/legRouter.ts';
import { simulateDays, type Simulation } from './dayPlanner/daySimulation.ts';
import { timedStops, type DayPlanSettings, type DayPlanStop } from './dayPlanner/planStops.ts';

// The opening-hours library reads the runtime's zone: run in one far from the stops'.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** Verdicts both walks give of a stop, under the same names. */
const STOP_VERDICTS = new Set(['closed', 'closesDuringStay', 'fixedTimeMissed', 'lateForPlannedDate', 'pastWindow']);

interface Trip {
  stops: DayPlanStop[];
  /** Drive minutes between the stops, in stop order (unlocated stops' rows unused). */
  minutes: number[][];
  settings: DayPlanSettings;
}

/** The planner's matrix over the located stops. */
function matrixOf({ stops, minutes }: Trip): RoadMatrix {
  const located = stops.flatMap((stop, k) => (stop.latitude !== null ? [k] : []));
  const rows = located.map((from) => located.map((to) => minutes[from][to]));
  return { minutes: rows, distanceKm: rows.map((row) => row.map((m) => m)), source: 'great-circle' };
}

/**
 * The stops as the page reads them: each located stop's drive from the last located one as its stored estimate, or,
 * when the trip has a car (whose walk reads distances), as a road leg of the matrix's minutes and km.
 */
function pageStops({ stops, minutes, settings: { vehicle } }: Trip): ScheduleStopInput[] {
  let last: number | null = null;
  return stops.map((stop, k) => {
    const located = stop.latitude !== null;
    const from = last;
    if (located) last = k;
    if (!located || from === null) return { ...stop, estimatedDriveMinutes: null } as ScheduleStopInput;
    if (!vehicle) return { ...stop, estimatedDriveMinutes: minutes[from][k] } as ScheduleStopInput;
    const [a, b] = [stops[from], stop].map((end) => legPoint(end as { latitude: number; longitude: number }));
    const driveLeg = { fromStopId: stops[from].id, from: a, to: b, minutes: minutes[from][k], distanceKm: minutes[from][k], source: 'osrm' as const, geometry: null };
    return { ...stop, driveLeg } as ScheduleStopInput;
  });
}

function bothWalks(trip: Trip, now = Date.parse('2027-01-01T18:00:00Z')) {
  const plan = simulateDays(timedStops(trip.stops), matrixOf(trip), trip.settings, now, false);
  const { startDate, departureTime, earliestDeparture, latestArrival, dailyDriveLimitMinutes, vehicle } = trip.settings;
  const page = computeSchedule({ startDate, departureTime, earliestDeparture, arrivalTime: latestArrival, dailyDriveLimitMinutes, vehicle }, pageStops(trip), {
    today: new Date(now).toISOString().slice(0, 10),
  });
  return { plan, page };
}

/** Where each walk says the car's range runs out, as 'day after → stop km'. */
function runOuts({ plan, page }: ReturnType<typeof bothWalks>) {
  return {
    plan: plan.unmet.filter((miss) => miss.kind === 'rangeRunsOut').map((miss) => `${miss.day} ${miss.lastFillStopId}… ${miss.afterStopId} → ${miss.stopId} ${miss.km}`),
    page: page.days.flatMap((day) => day.warnings.flatMap((warning) => (warning.kind === 'rangeRunsOut' ? [`${day.day} ${warning.lastFillStopId}… ${warning.afterStopId} → ${warning.stopId} ${warning.kmAfter}`] : []))),
  };
}

/** Each stop's verdicts, as 'stopId kind', from the plan and from the page. */
function verdicts({ plan, page }: { plan: Simulation; page: ReturnType<typeof computeSchedule> }) {
  const fromPlan = plan.unmet.filter((miss) => STOP_VERDICTS.has(miss.kind)).map((miss) => `${miss.stopId} ${miss.kind}`);
  const fromPage = page.stops.flatMap((stop) => stop.warnings.filter((warning) => STOP_VERDICTS.has(warning.kind)).map((warning) => `${stop.stopId} ${warning.kind}`));
  return { plan: [...new Set(fromPlan)].sort(), page: [...new Set(fromPage)].sort() };
}

const settings: DayPlanSettings = { startDate: '2027-06-07', departureTime: '09:00', earliestDeparture: '08:00', latestArrival: '18:00', dailyDriveLimitMinutes: 480 };
/** Stops in Kansas (America/Chicago). */
const stop = (id: string, extra: Partial<DayPlanStop> = {}): DayPlanStop => ({ id, name: id, latitude: 38.5, longitude: -98, visited: false, ...extra });
/** Every stop `hours` from every other. */
const evenly = (count: number, minutes: number) => Array.from({ length: count }, (_, i) => Array.from({ length: count }, (_, j) => (i === j ? 0 : minutes)));

describe('Plan my days and the itinerary, walking the same trip', () => {
  it('both flag a stay that runs past closing: 2 h from 15:19 at a place closing at 17:00', () => {
    const trip: Trip = { stops: [stop('A'), stop('Museum', { openingHours: 'Mo-Su 09:00-17:00', stayMinutes: 120 })], minutes: evenly(2, 379), settings };
    const walks = bothWalks(trip);
    expect(walks.plan.unmet).toEqual([{ stopId: 'Museum', day: 1, kind: 'closesDuringStay', minutes: 19 }]);
    expect(verdicts(walks)).toEqual({ plan: ['Museum closesDuringStay'], page: ['Museum closesDuringStay'] });
  });

  it('agree when the trip starts before its first stop’s planned date: the first day is that date', () => {
    // Start date Monday 7 June; the first stop is planned for Tuesday; the museum opens on Mondays only.
    const trip: Trip = {
      stops: [stop('A', { plannedArrivalDate: '2027-06-08' }), stop('Museum', { openingHours: 'Mo 09:00-17:00', stayMinutes: 60 })],
      minutes: evenly(2, 60),
      settings,
    };
    const walks = bothWalks(trip);
    expect(walks.page.days.map((day) => day.date)).toEqual(['2027-06-08']);
    expect(walks.plan.days.map((day) => day.date)).toEqual(['2027-06-08']);
    expect(verdicts(walks)).toEqual({ plan: ['Museum closed'], page: ['Museum closed'] });
  });

  it('agree on a fixed time at a stop held to a later planned date', () => {
    const trip: Trip = {
      stops: [
        stop('A'),
        stop('B', { plannedArrivalDate: '2027-06-07' }),
        stop('Dinner', { plannedArrivalDate: '2027-06-09', fixedTime: '19:00', openingHours: 'Mo-Su 18:00-22:00', stayMinutes: 90 }),
        stop('C', { plannedArrivalDate: '2027-06-08', fixedTime: '09:30' }),
      ],
      minutes: evenly(4, 600),
      settings,
    };
    const walks = bothWalks(trip);
    expect(verdicts(walks).plan).toEqual(verdicts(walks).page);
    expect(verdicts(walks).page).toEqual(['B pastWindow', 'C fixedTimeMissed', 'C lateForPlannedDate', 'C pastWindow']);
  });

  it('number the days alike, a 2-night stay’s rest day included (the itinerary went Day 5 → Day 7, the plan called that Friday Day 6)', () => {
    // From Sunday 6 June, a day's drive each day; two nights at the inn reached on Thursday (day 5): Friday is a rest day, day 6.
    const night = { overnight: true };
    const trip: Trip = {
      stops: [stop('A'), stop('B', night), stop('C', night), stop('D', night), stop('X', night), stop('Inn', { overnight: true, lodging: { name: 'Inn', nights: 2 } }), stop('E')],
      minutes: evenly(7, 120),
      settings: { ...settings, startDate: '2027-06-06' },
    };
    const walks = bothWalks(trip);
    const numbered = (days: ReadonlyArray<{ day: number; date: string; restDays: { day: number; date: string }[] }>) =>
      days.flatMap((day) => [`${day.day} ${day.date}`, ...day.restDays.map((rest) => `${rest.day} ${rest.date} rest`)]);
    const expected = ['1 2027-06-06', '2 2027-06-07', '3 2027-06-08', '4 2027-06-09', '5 2027-06-10', '6 2027-06-11 rest', '7 2027-06-12'];
    expect(numbered(walks.page.days)).toEqual(expected);
    expect(numbered(walks.plan.days)).toEqual(expected);
    expect(walks.plan.unmet).toEqual([]);
  });

  it('agree on where the range runs out: the same stops, the same km after the same stop, on the same day', () => {
    // Along Kansas, 100 km of road per 60 minutes; a stop without a position and a fuel stop on the way, a night at D, and a return leg.
    const at = (longitude: number) => ({ latitude: 38.5, longitude });
    const stops: DayPlanStop[] = [
      stop('A', at(-99)), stop('B', at(-98)), stop('Fuel', { ...at(-97), kind: 'fuel' }), stop('C', at(-96)),
      stop('Lost', { latitude: null, longitude: null }), stop('D', { ...at(-95), overnight: true }), stop('Pump', { ...at(-94), kind: 'fuel', refuels: false }),
      stop('Charger', { ...at(-93), refuels: true }), stop('Back', at(-99)),
    ];
    const km = [0, 300, 250, 350, 0, 100, 150, 200, 600];
    const vehicle: TVehicle = { kind: 'either', rangeKm: 500, reservePercent: 10, departureFillPercent: 80 };
    const located = stops.flatMap((found, k) => (found.latitude !== null ? [k] : []));
    // The planner's matrix: the drive from each located stop to the next is its km; every other pair is never driven.
    const distance = located.map((_, i) => located.map((to, j) => (j === i + 1 ? km[to] : 9999)));
    const matrix: RoadMatrix = { minutes: distance.map((row) => row.map((d) => Math.round((d * 60) / 100))), distanceKm: distance, source: 'osrm' };
    const plan = simulateDays(timedStops(stops), matrix, { ...settings, vehicle }, Date.parse('2027-01-01T18:00:00Z'), false);
    // The page reads the same road legs from the stops.
    let previous: DayPlanStop | null = null;
    const pageStops = stops.map((found, k) => {
      const from = previous;
      if (found.latitude !== null) previous = found;
      if (found.latitude === null || !from) return found as ScheduleStopInput;
      const driveLeg = { fromStopId: from.id, from: legPoint(from as never), to: legPoint(found as never), minutes: Math.round((km[k] * 60) / 100), distanceKm: km[k], source: 'osrm' as const, geometry: null };
      return { ...found, driveLeg } as ScheduleStopInput;
    });
    const { startDate, departureTime, earliestDeparture, latestArrival, dailyDriveLimitMinutes } = settings;
    const page = computeSchedule({ startDate, departureTime, earliestDeparture, arrivalTime: latestArrival, dailyDriveLimitMinutes, vehicle }, pageStops);

    const fromPlan = plan.unmet.filter((miss) => miss.kind === 'rangeRunsOut').map((miss) => `${miss.day} ${miss.lastFillStopId}… ${miss.afterStopId} → ${miss.stopId} ${miss.km}`);
    const fromPage = page.days.flatMap((day) => day.warnings.flatMap((warning) => (warning.kind === 'rangeRunsOut' ? [`${day.day} ${warning.lastFillStopId}… ${warning.afterStopId} → ${warning.stopId} ${warning.kmAfter}`] : [])));
    // 500 km × (80 − 10) % = 350 usable: runs out 50 km after B. Fuel fills to 450: C, then the range is unknown past
    // Lost until a located refuel; Pump does not refuel, Charger does; 600 km back runs out 450 km after Charger.
    expect(fromPage).toEqual(['1 A… B → Fuel 50', '2 Charger… Charger → Back 450']);
    expect(fromPlan).toEqual(fromPage);
  });

  it('agree for any trip: the same days and the same verdicts, where the car runs out among them', () => {
    const time = fc.tuple(fc.integer({ min: 6, max: 21 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const date = fc.integer({ min: 0, max: 6 }).map((offset) => `2027-06-${String(5 + offset).padStart(2, '0')}`);
    const place = fc.constantFrom<[number, number]>([38.5, -98], [39.74, -104.99], [36.17, -115.14]); // Chicago, Denver, Los Angeles zones
    const stopFields = fc.record(
      {
        plannedArrivalDate: fc.option(date),
        stayMinutes: fc.option(fc.integer({ min: 0, max: 240 })),
        fixedTime: fc.option(time),
        openingHours: fc.constantFrom(null, 'Mo-Fr 09:00-17:00', 'Tu-Su 10:00-18:00', '24/7', 'Sa,Su 12:00-14:00', 'Mo-Su 18:00-02:00'),
        overnight: fc.boolean(),
        nights: fc.integer({ min: 1, max: 3 }),
        kind: fc.constantFrom('fuel', 'sight'),
        refuels: fc.boolean(),
      },
      { requiredKeys: ['overnight', 'nights'] },
    );
    const vehicle = fc.option(
      fc.record({
        kind: fc.constantFrom('fuel' as const, 'electric' as const, 'either' as const),
        rangeKm: fc.integer({ min: 10, max: 3000 }),
        reservePercent: fc.integer({ min: 0, max: 50 }),
        departureFillPercent: fc.integer({ min: 1, max: 100 }),
      }),
    );
    let ranOut = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(place, stopFields), { minLength: 2, maxLength: 7 }),
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 49, maxLength: 49 }),
        fc.option(date),
        vehicle,
        (inputs, drives, startDate, car) => {
          const stops = inputs.map(([[latitude, longitude], { nights, ...fields }], k) =>
            stop(`S${k}`, { latitude, longitude: longitude + k / 1000, ...fields, lodging: fields.overnight ? { name: 'Inn', nights } : null }),
          );
          const minutes = stops.map((_, i) => stops.map((_, j) => (i === j ? 0 : drives[Math.min(i, j) * 7 + Math.max(i, j)])));
          const walks = bothWalks({ stops, minutes, settings: { ...settings, startDate, ...(car && { vehicle: car }) } });
          expect(verdicts(walks).plan).toEqual(verdicts(walks).page);
          expect(runOuts(walks).plan).toEqual(runOuts(walks).page);
          ranOut += runOuts(walks).page.length;
          const pageDays = walks.page.days.map((day) => ({ day: day.day, date: day.date, stopIds: day.stopIds, restDays: day.restDays }));
          const planDays = walks.plan.days.map((day, k) => ({ day: day.day, date: day.date, stopIds: k === 0 ? day.stopIds : day.stopIds.slice(1), restDays: day.restDays }));
          expect(planDays).toEqual(pageDays);
        },
      ),
      { numRuns: 300 },
    );
    // The runs held cars that ran out, not only ones that never did.
    expect(ranOut).toBeGreaterThan(20);
  });
});

describe('Plan my days splitting the days', () => {
  it('never ends a day at a fixed-time dinner when the booked motel is a short drive on within the limit', () => {
    // Leave 09:00, 5 h to Mendocino, dinner at 19:00 for 1 h 30 m; the motel 15 min on; the next day 3 h on.
    const trip: Trip = {
      stops: [stop('Start'), stop('Dinner', { fixedTime: '19:00', stayMinutes: 90 }), stop('Motel', { overnight: true }), stop('Next')],
      minutes: [[0, 300, 310, 480], [300, 0, 15, 190], [310, 15, 0, 180], [480, 190, 180, 0]],
      settings,
    };
    const walked = simulateDays(timedStops(trip.stops), matrixOf(trip), settings, 0, true);
    expect(walked.days.map((day) => [day.date, day.stopIds, day.sleepsAt])).toEqual([
      ['2027-06-07', ['Start', 'Dinner', 'Motel'], 'Motel'],
      ['2027-06-08', ['Motel', 'Next'], null],
    ]);
    // Reaching the motel at 20:45 is after the latest arrival: said, as the itinerary says it.
    expect(walked.unmet).toEqual([{ stopId: 'Motel', day: 1, kind: 'pastWindow', minutes: 165 }]);
  });
});
