import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leaveBy, overDailyLimit } from '../index.ts';
import { computeSchedule } from './computeSchedule.ts';
import { westSchedule, westStops, westTrip } from './testing/westTrip.ts';
import type { ScheduleStopInput, ScheduleTrip } from './types.ts';

const trip: ScheduleTrip = { startDate: '2026-06-01', departureTime: '09:00', earliestDeparture: '08:00', arrivalTime: '17:00', dailyDriveLimitMinutes: 480 };
/** Points in Denver's zone with no leg: each drive is the stored estimate. */
const stop = (id: string, fields: Partial<ScheduleStopInput> = {}): ScheduleStopInput => ({
  id,
  latitude: 39.74,
  longitude: -104.99,
  estimatedDriveMinutes: 60,
  ...fields,
});
const at = (schedule: ReturnType<typeof computeSchedule>, id: string) => schedule.stops.find((s) => s.stopId === id)!;
const kinds = (warnings: ReadonlyArray<{ kind: string }>) => warnings.map((w) => w.kind);

describe('the day model', () => {
  it('day 1 leaves the first stop at the departure time on the start date, each stop arriving after the drive and leaving after its stay', () => {
    const schedule = computeSchedule(trip, [stop('a'), stop('b', { kind: 'sight' }), stop('c', { stayMinutes: 25 })]);
    expect(schedule.stops.map((s) => [s.arrival, s.departure])).toEqual([
      ['2026-06-01T09:00:00-06:00', '2026-06-01T09:00:00-06:00'],
      ['2026-06-01T10:00:00-06:00', '2026-06-01T11:30:00-06:00'], // a sight stays 90 min by default
      ['2026-06-01T12:30:00-06:00', '2026-06-01T12:55:00-06:00'],
    ]);
    expect(schedule.days).toHaveLength(1);
    expect(schedule.days[0]).toMatchObject({ day: 1, date: '2026-06-01', fromStopId: 'a', toStopId: 'c', drivingMinutes: 120, sleep: null });
  });

  it("day 1 is the first stop's planned date without a start date, else today in the first stop's zone", () => {
    const noStart = { ...trip, startDate: null };
    expect(computeSchedule(noStart, [stop('a', { plannedArrivalDate: '2026-07-04T00:00:00.000Z' })]).days[0].date).toBe('2026-07-04');
    expect(computeSchedule(noStart, [stop('a')], { today: '2026-08-09' }).days[0].date).toBe('2026-08-09');
  });

  it("a day ends at an overnight stop; the next leaves nights later at the earliest departure, or the lodging's check-out when later", () => {
    const lodging = (checkOut: string | null, nights: number) => ({ name: 'Inn', address: null, checkIn: null, checkOut, confirmation: null, url: null, price: null, nights });
    const schedule = computeSchedule(trip, [
      stop('a'),
      stop('inn', { overnight: true, lodging: lodging('10:30', 2) }),
      stop('b'),
      stop('camp', { overnight: true }),
      stop('c'),
    ]);
    expect(schedule.days.map((d) => [d.day, d.date, d.fromStopId, d.stopIds, d.firstDeparture, d.sleep])).toEqual([
      [1, '2026-06-01', 'a', ['a', 'inn'], '2026-06-01T09:00:00-06:00', { stopId: 'inn', lodgingName: 'Inn', nights: 2 }],
      [3, '2026-06-03', 'inn', ['b', 'camp'], '2026-06-03T10:30:00-06:00', { stopId: 'camp', lodgingName: null, nights: 1 }],
      [4, '2026-06-04', 'camp', ['c'], '2026-06-04T08:00:00-06:00', null],
    ]);
    expect(at(schedule, 'c').arrival).toBe('2026-06-04T09:00:00-06:00');
    // Nights count as days: the inn's second night makes Jun 2 a rest day, day 2.
    expect(schedule.days.map((d) => d.restDays)).toEqual([[{ day: 2, date: '2026-06-02' }], [], []]);
  });

  it("a stop held to a later planned date starts that day, and the day before ends at the stop before it, warned when that is no overnight", () => {
    const schedule = computeSchedule(trip, [stop('a'), stop('b'), stop('c', { plannedArrivalDate: '2026-06-03' })]);
    expect(schedule.days.map((d) => [d.date, d.stopIds, d.warnings])).toEqual([
      ['2026-06-01', ['a', 'b'], [{ kind: 'noOvernight', stopId: 'b' }]],
      ['2026-06-03', ['c'], []],
    ]);
    expect(at(schedule, 'b').departure).toBe('2026-06-03T08:00:00-06:00');
    expect(at(schedule, 'c')).toMatchObject({ day: 3, arrival: '2026-06-03T09:00:00-06:00', warnings: [] });
  });

  it('waits for a fixed time, and for an opening later the same day', () => {
    const schedule = computeSchedule(trip, [
      stop('a'),
      stop('ferry', { fixedTime: '10:30', stayMinutes: 30 }),
      stop('museum', { openingHours: 'Mo-Su 12:15-17:00', stayMinutes: 60 }),
    ]);
    expect(at(schedule, 'ferry')).toMatchObject({ arrival: '2026-06-01T10:00:00-06:00', waitMinutes: 30, departure: '2026-06-01T11:00:00-06:00' });
    expect(at(schedule, 'museum')).toMatchObject({ arrival: '2026-06-01T12:00:00-06:00', waitMinutes: 15, departure: '2026-06-01T13:15:00-06:00' });
    const early = computeSchedule(trip, [stop('a'), stop('museum', { openingHours: 'Mo-Su 12:15-17:00', stayMinutes: 60 })]);
    expect(at(early, 'museum')).toMatchObject({ arrival: '2026-06-01T10:00:00-06:00', waitMinutes: 135, departure: '2026-06-01T13:15:00-06:00', warnings: [] });
  });

  it('schedules visited stops like the others, and estimates a drive from the positions when none is stored', () => {
    const schedule = computeSchedule(trip, [
      stop('denver', { estimatedDriveMinutes: null }),
      stop('boulder', { latitude: 40.015, longitude: -105.27, estimatedDriveMinutes: null, visited: true, stayMinutes: 0 }),
    ]);
    // 39 km apart in a straight line: 1.3 × 39 km at 80 km/h is 38 minutes.
    expect(at(schedule, 'boulder')).toMatchObject({ driveMinutes: 38, distanceKm: 50.4, arrival: '2026-06-01T09:38:00-06:00' });
  });

  it("reads a leg's road minutes and distance when it matches the stops as they are", () => {
    const from = stop('a', { id: '00000000-0000-4000-8000-00000000000a' });
    const leg = { fromStopId: from.id, from: [39.74, -104.99] as [number, number], to: [40.015, -105.27] as [number, number], minutes: 47, distanceKm: 48.2, source: 'osrm' as const, geometry: null };
    const schedule = computeSchedule(trip, [from, stop('b', { latitude: 40.015, longitude: -105.27, estimatedDriveMinutes: 47, driveLeg: leg })]);
    expect(at(schedule, 'b')).toMatchObject({ driveMinutes: 47, distanceKm: 48.2 });
    expect(schedule.days[0].distanceKm).toBe(48.2);
  });

  it('reads plan fields tolerantly: missing or unreadable values schedule as none set', () => {
    const odd = { kind: 'castle', stayMinutes: -5, fixedTime: '25:00', openingHours: 'whenever', overnight: 'yes', lodging: 7 };
    const schedule = computeSchedule(trip, [stop('a'), stop('b', odd), stop('c')]);
    expect(at(schedule, 'b')).toMatchObject({ stayMinutes: 60, waitMinutes: 0, warnings: [] });
    expect(schedule.days).toHaveLength(1);
    expect(computeSchedule(trip, [])).toEqual({ stops: [], days: [] });
  });
});

describe('warnings', () => {
  it('closed: not open at arrival and not opening again that day', () => {
    const schedule = computeSchedule(trip, [stop('a'), stop('museum', { openingHours: 'Tu-Su 10:00-17:00' })]); // 2026-06-01 is a Monday
    expect(at(schedule, 'museum').warnings).toEqual([{ kind: 'closed', at: '2026-06-01T10:00:00-06:00' }]);
    const late = computeSchedule(trip, [stop('a'), stop('museum', { openingHours: 'Mo-Su 08:00-09:30' })]);
    expect(kinds(at(late, 'museum').warnings)).toEqual(['closed']);
  });

  it('closesDuringStay: open on arrival, but the stay runs past closing (a 2 h stay from 15:19 at a place closing at 17:00)', () => {
    const schedule = computeSchedule(trip, [stop('a'), stop('museum', { openingHours: 'Mo-Su 09:00-17:00', stayMinutes: 120, estimatedDriveMinutes: 379 })]);
    expect(at(schedule, 'museum')).toMatchObject({ arrival: '2026-06-01T15:19:00-06:00', warnings: [{ kind: 'closesDuringStay', closes: '2026-06-01T17:00:00-06:00', minutes: 19 }] });
    // A stay that ends at closing, or one at a place open past midnight, is fine.
    const inTime = computeSchedule(trip, [stop('a'), stop('museum', { openingHours: 'Mo-Su 09:00-17:00', stayMinutes: 101, estimatedDriveMinutes: 379 })]);
    expect(at(inTime, 'museum').warnings).toEqual([]);
    const lateBar = computeSchedule(trip, [stop('a'), stop('bar', { openingHours: 'Mo-Su 12:00-02:00', stayMinutes: 240, estimatedDriveMinutes: 12 * 60 })]);
    expect(kinds(at(lateBar, 'bar').warnings)).not.toContain('closesDuringStay');
  });

  it('fixedTimeMissed: arriving after the fixed time', () => {
    const schedule = computeSchedule(trip, [stop('a'), stop('ferry', { fixedTime: '09:45' })]);
    expect(at(schedule, 'ferry').warnings).toEqual([{ kind: 'fixedTimeMissed', fixedTime: '09:45', lateMinutes: 15 }]);
  });

  it('lateForPlannedDate and dateOutOfOrder', () => {
    const schedule = computeSchedule(trip, [
      stop('a'),
      stop('b', { plannedArrivalDate: '2026-06-02' }),
      stop('c', { plannedArrivalDate: '2026-05-31' }),
    ]);
    expect(at(schedule, 'c').warnings).toEqual([
      { kind: 'lateForPlannedDate', plannedDate: '2026-05-31', scheduledDate: '2026-06-02' },
      { kind: 'dateOutOfOrder', plannedDate: '2026-05-31', earlierStopId: 'b', earlierDate: '2026-06-02' },
    ]);
  });

  it('pastWindow: arriving after the latest arrival; pastMidnight: a drive across local midnight', () => {
    const schedule = computeSchedule(trip, [stop('a'), stop('b', { estimatedDriveMinutes: 8 * 60 + 30 }), stop('c', { estimatedDriveMinutes: 6 * 60 })]);
    expect(at(schedule, 'b').warnings).toEqual([{ kind: 'pastWindow', latestArrival: '17:00' }]);
    expect(at(schedule, 'c')).toMatchObject({ date: '2026-06-02', day: 1, warnings: [{ kind: 'pastMidnight' }, { kind: 'pastWindow', latestArrival: '17:00' }] });
  });

  it('overDailyLimit: the day, not the leg, passes the daily driving limit; noOvernight (above) when a held date ends a day elsewhere', () => {
    const schedule = computeSchedule({ ...trip, dailyDriveLimitMinutes: 120 }, [stop('a'), stop('b', { estimatedDriveMinutes: 96 }), stop('c', { estimatedDriveMinutes: 46 })]);
    expect(schedule.days[0].warnings).toEqual([{ kind: 'overDailyLimit', drivingMinutes: 142, limitMinutes: 120 }]);
  });
});

describe("what the date-only model got wrong, fixed", () => {
  it('leave by counts from each stop\'s real arrival, so no stop is left before it is reached', () => {
    // Road settings 16:00, both stops planned the same day: the old badge counts back from 16:00 for each.
    const stops = [
      stop('port', { plannedArrivalDate: '2026-06-01' }),
      stop('lodge', { plannedArrivalDate: '2026-06-01', estimatedDriveMinutes: 96, stayMinutes: 30 }),
      stop('hoh', { plannedArrivalDate: '2026-06-01', estimatedDriveMinutes: 46 }),
    ];
    expect(leaveBy('2026-06-01', 96, '16:00')!.time).toBe('14:24');
    expect(leaveBy('2026-06-01', 46, '16:00')!.time).toBe('15:14'); // leave the lodge at 15:14, "arriving" there 16:00
    const schedule = computeSchedule({ ...trip, arrivalTime: '16:00' }, stops);
    expect(at(schedule, 'lodge').leaveBy).toBe('2026-06-01T09:00:00-06:00');
    expect(at(schedule, 'hoh').leaveBy).toBe(at(schedule, 'lodge').departure);
    expect(Date.parse(at(schedule, 'hoh').leaveBy!)).toBeGreaterThanOrEqual(at(schedule, 'lodge').arrivalMs);
  });

  it('the daily limit is checked per day: two short legs over it warn, one long leg per day warns that day only', () => {
    expect([96, 46].some((minutes) => overDailyLimit(minutes, 120))).toBe(false); // the per-leg check said nothing
    const limited = { ...trip, dailyDriveLimitMinutes: 120 };
    expect(kinds(computeSchedule(limited, [stop('a'), stop('b', { estimatedDriveMinutes: 96 }), stop('c', { estimatedDriveMinutes: 46 })]).days[0].warnings)).toEqual(['overDailyLimit']);
    const nightly = computeSchedule(limited, [stop('a'), stop('b', { estimatedDriveMinutes: 130, overnight: true }), stop('c', { estimatedDriveMinutes: 100 })]);
    expect(nightly.days.map((d) => kinds(d.warnings))).toEqual([['overDailyLimit'], []]);
  });

  it('a stop dated Jun 24 between two dated Jun 26 after a reorder is warned, not silently kept', () => {
    const schedule = computeSchedule({ ...trip, startDate: null }, [
      stop('a', { plannedArrivalDate: '2026-06-26' }),
      stop('moved', { plannedArrivalDate: '2026-06-24' }),
      stop('b', { plannedArrivalDate: '2026-06-26' }),
    ]);
    expect(kinds(at(schedule, 'moved').warnings)).toEqual(['lateForPlannedDate', 'dateOutOfOrder']);
    expect(at(schedule, 'b').warnings).toEqual([]);
  });
});

describe('zones', () => {
  it('a drive from Mountain to Pacific time: each stop in its own zone', () => {
    const schedule = westSchedule();
    expect(at(schedule, 'slc')).toMatchObject({ timeZone: 'America/Denver', departure: '2026-06-07T09:00:00-06:00' });
    // West Wendover keeps Mountain time; Elko is Pacific: leaving Wendover 12:00 MDT, 100 min later is 12:40 PDT.
    expect(at(schedule, 'wendover')).toMatchObject({ timeZone: 'America/Denver', arrival: '2026-06-07T11:00:00-06:00' });
    expect(at(schedule, 'elko')).toMatchObject({ timeZone: 'America/Los_Angeles', arrival: '2026-06-07T12:40:00-07:00', leaveBy: '2026-06-07T12:00:00-06:00' });
    expect(at(schedule, 'reno').arrival).toBe('2026-06-07T17:15:00-07:00');
  });

  it('Monday in Reno: the museum is closed all day; Tahoe waits for its 12:30 opening', () => {
    const schedule = westSchedule();
    expect(at(schedule, 'museum')).toMatchObject({ arrival: '2026-06-08T10:10:00-07:00', warnings: [{ kind: 'closed', at: '2026-06-08T10:10:00-07:00' }] });
    expect(at(schedule, 'tahoe')).toMatchObject({ arrival: '2026-06-08T12:40:00-07:00', waitMinutes: 0 });
  });

  it('across a DST change: the night the clocks go forward, the morning departure is 08:00 in the new offset', () => {
    const schedule = computeSchedule({ ...trip, startDate: '2026-03-07' }, [stop('a'), stop('inn', { overnight: true }), stop('b', { estimatedDriveMinutes: 600 })]);
    expect(at(schedule, 'inn')).toMatchObject({ arrival: '2026-03-07T10:00:00-07:00', departure: '2026-03-08T08:00:00-06:00' });
    // A 10-hour drive is 10 hours of the clock after the change.
    expect(at(schedule, 'b').arrival).toBe('2026-03-08T18:00:00-06:00');
    expect(at(schedule, 'b').arrivalMs - at(schedule, 'inn').departureMs).toBe(600 * 60_000);
  });

  it('gives the same schedule whatever time zone the process runs in (opening hours read at the stop\'s wall clock)', () => {
    const script = fileURLToPath(new URL('./testing/westTrip.ts', import.meta.url));
    const inZone = (tz: string) => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' }));
    const expected = JSON.parse(JSON.stringify(westSchedule()));
    for (const tz of ['Asia/Tokyo', 'Pacific/Honolulu']) {
      const answer = inZone(tz);
      expect(answer).toEqual(expected);
      expect(answer.stops[4].warnings).toEqual([{ kind: 'closed', at: '2026-06-08T10:10:00-07:00' }]);
    }
    expect(westStops).toHaveLength(6);
    expect(westTrip.startDate).toBe('2026-06-07');
  });
});
