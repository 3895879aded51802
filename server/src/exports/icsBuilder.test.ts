/**
 * A stop's calendar event is its visit (docs/product.md#export): a fixed-time dinner reached at 14:24 is an event
 * from 19:00 for its stay, the wait told in its description, even when the day ends there and it is left the next
 * morning; an overnight's event is still the night.
 */
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { EMPTY_PLAN_STOP_FIELDS, zoneNamed, type TTripStop } from '@caravan/shared';
import { readIcs } from '../test/exportReaders.ts';
import { exportTripOf, type ExportDocStop } from './exportTrip.ts';
import { buildIcs } from './icsBuilder.ts';

const TRIP = { id: 'trip', title: 'Denver', description: null };
const SETTINGS = { startDate: '2026-06-01', departureTime: '09:00', earliestDeparture: '08:00', arrivalTime: '17:00' };

function stop(id: string, fields: Partial<ExportDocStop> = {}): ExportDocStop {
  const base: TTripStop = {
    id, tripId: 'trip', name: id, address: null, notes: null, latitude: 39.74, longitude: -104.99, stopOrder: 0, visited: false, visitedAt: null,
    plannedArrivalDate: null, autoScheduled: false, estimatedDriveMinutes: null, driveLeg: null,
    journalContent: null, photos: [], createdAt: '2026-01-01T00:00:00.000Z', journalEntries: [], ...EMPTY_PLAN_STOP_FIELDS,
  };
  return { ...base, ...fields } as ExportDocStop;
}

describe('the calendar events', () => {
  it('span each visit after its wait, not its arrival to a departure the next morning; an overnight spans the night', () => {
    const trip = exportTripOf(TRIP, SETTINGS, [
      stop('start'),
      stop('dinner', { estimatedDriveMinutes: 324, fixedTime: '19:00', stayMinutes: 90 }),
      stop('museum', { estimatedDriveMinutes: 60, plannedArrivalDate: '2026-06-02', stayMinutes: 60 }),
      stop('inn', { estimatedDriveMinutes: 60, overnight: true }),
      stop('end', { estimatedDriveMinutes: 60 }),
    ]);
    const events = new Map(readIcs(buildIcs(trip)).map((event) => [event.summary, event]));
    const span = (name: string) => [events.get(name)!.startMs, events.get(name)!.endMs].map((ms) => new Date(ms!).toISOString());
    // Denver is UTC−6 in June: 19:00 to 20:30 local, though it is reached at 14:24 and left at 08:00 the next day.
    expect(span('dinner')).toEqual(['2026-06-02T01:00:00.000Z', '2026-06-02T02:30:00.000Z']);
    expect(events.get('dinner')!.description).toContain('Wait: 4h 36m');
    expect(events.get('dinner')!.description).toContain('Arrive: Monday, June 1, 2026 at 14:24 MDT');
    expect(span('museum')).toEqual(['2026-06-02T15:00:00.000Z', '2026-06-02T16:00:00.000Z']);
    // The inn: reached 11:00 on Jun 2 after the museum, left 08:00 on Jun 3.
    expect(span('inn')).toEqual(['2026-06-02T17:00:00.000Z', '2026-06-03T14:00:00.000Z']);
  });
});

describe('a stop’s event in a zone whose rules changed', () => {
  // Banff and Lake Louise are in America/Edmonton: UTC−7 in the winter of 2025, UTC−6 all year from November 2026
  // in the bundled tz data (the runtime's own data may say otherwise: Node 20's does).
  const BANFF = { latitude: 51.1784, longitude: -115.5708 };
  const LAKE_LOUISE = { latitude: 51.4254, longitude: -116.1773 };

  it.each([
    ['2025-12-15', '-07:00'],
    ['2026-12-15', '-06:00'],
  ])('on %s is written at its wall clock under a VTIMEZONE that reads it back as the schedule’s instant (UTC%s)', (date, offset) => {
    const trip = exportTripOf(TRIP, { ...SETTINGS, startDate: date }, [
      stop('banff', BANFF),
      stop('lake', { ...LAKE_LOUISE, estimatedDriveMinutes: 45, stayMinutes: 60 }),
    ]);
    const text = buildIcs(trip);
    const lake = readIcs(text).find((event) => event.summary === 'lake')!;
    const times = trip.stops[1].times!;
    expect(times.visitStart).toBe(`${date}T09:45:00${offset}`);
    expect(lake.timezone).toBe('America/Edmonton');
    expect(lake.localStart).toBe(`${date}T09:45:00`);
    expect(lake.startMs).toBe(times.visitStartMs);
    expect(lake.endMs).toBe(times.visitEndMs);
    expect(text).toContain(`TZOFFSETTO:${offset.replace(':', '')}`);
  });

  it('covers a calendar across the change with each period the events fall in', () => {
    const trip = exportTripOf(TRIP, { ...SETTINGS, startDate: '2026-10-31' }, [
      stop('banff', BANFF),
      stop('lake', { ...LAKE_LOUISE, estimatedDriveMinutes: 45, stayMinutes: 60, overnight: true }),
      stop('back', { ...BANFF, estimatedDriveMinutes: 45, plannedArrivalDate: '2026-11-02' }),
    ]);
    const text = buildIcs(trip);
    const events = readIcs(text);
    expect(events.map((event) => event.localStart.slice(0, 10))).toEqual(['2026-10-31', '2026-10-31', '2026-11-02']);
    for (const event of events) {
      // A calendar app's reading (ical.js by the VTIMEZONE) and the app's (the bundled zone) of the same wall clock.
      expect(event.startMs, event.summary).toBe(DateTime.fromISO(event.localStart, { zone: zoneNamed(event.timezone!) }).toMillis());
    }
    // MDT, then CST from the fall-back instant of 2026-11-01 02:00 local, with the same offset.
    expect(text).toMatch(/TZNAME:MDT[\s\S]*DTSTART:20261101T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0600\r\nTZNAME:CST/);
  });
});

describe("a drive in the dark on the calendar", () => {
  // Seattle to Portland in December, leaving at 15:00: about four hours, the sun down in Portland by half past four.
  const stops = () => [stop('Seattle', { latitude: 47.6062, longitude: -122.3321 }), stop('Portland', { latitude: 45.5152, longitude: -122.6784, estimatedDriveMinutes: 240 })];
  const portlandEvent = (warnAfterSunset: boolean) => {
    const trip = exportTripOf(TRIP, { ...SETTINGS, startDate: '2031-12-04', departureTime: '15:00', arrivalTime: '21:00', warnAfterSunset }, stops());
    return readIcs(buildIcs(trip)).find((event) => event.summary === 'Portland')!.description;
  };

  it("is told in the event of the stop it arrives at when the owner wants the warning, and not otherwise", () => {
    expect(portlandEvent(true)).toContain('Warning: Drives in the dark: arrives at Portland at 19:00 PST, after sunset (16:27 PST)');
    expect(portlandEvent(false)).not.toContain('Drives in the dark');
  });
});
