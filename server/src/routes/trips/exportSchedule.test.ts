/**
 * The exports by the schedule (docs/product.md#export): a trip around the Olympic Peninsula whose stops have stays
 * and an overnight at a hotel, with the road settings at 16:00 and a 2 h daily limit, exported over HTTP and read
 * back with real parsers. Two stops on one day get different, increasing arrivals and leave-by times (not one
 * arrival counted back from 16:00 for each); the ICS events run for each visit in the stop's zone (the
 * instants ical.js reads equal the schedule's), the hotel's event is the stay from check-in to check-out with its
 * details; the feed follows a changed stay; the PDF goes day by day with the day's header and its over-the-limit
 * warning (two legs under 2 h, together over it), its distances in the reader's unit; the GPX has one track per day with its road, passes the schema
 * and reads back through the project's own import as the stops; a trip across zones and an untimed trip too.
 * Plan fields are written into the trip document by the engine's TripDocHub.write, as the server writes (the
 * document's schema checks only the live door's writes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeSchedule, formatDistanceIn, metaMap, orderedStops, stopsMap, type Schedule } from '@caravan/shared';
import { serverOrigin, type User } from '@caravan/engine';
import { exportSourceOf } from '../../exports/exportTrip.ts';
import { buildUser } from '../../test/factories.ts';
import { download, gpxRoutePointNames, gpxSchemaErrors, lineFeatures, pointFeatures, readGpx, readIcs, readKml, readPdfText, readXml } from '../../test/exportReaders.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

const ZONE = 'America/Los_Angeles';
const START = { name: 'Seattle', latitude: 47.6062, longitude: -122.3321 };
const STOPS = [
  { name: 'Lake Crescent Lodge', latitude: 48.0586, longitude: -123.8001 },
  { name: 'Hoh Rain Forest', latitude: 47.8606, longitude: -123.9348 },
  { name: 'Port Angeles', latitude: 48.1181, longitude: -123.4307 },
  { name: 'Olympia', latitude: 47.0379, longitude: -122.9007 },
];
const LODGING = {
  name: 'Red Lion Hotel',
  address: '221 N Lincoln St, Port Angeles',
  checkIn: '16:00',
  checkOut: '11:00',
  confirmation: 'RL-4471',
  url: 'https://example.com/red-lion',
  price: { amountMinor: 18900, currency: 'USD' },
  nights: 1,
};
/** The plan fields by stop name, as the stop plan dialog writes them. */
const PLAN: Record<string, Record<string, unknown>> = {
  'Lake Crescent Lodge': { kind: 'sight', stayMinutes: 90 },
  'Hoh Rain Forest': { kind: 'nature', stayMinutes: 120 },
  'Port Angeles': { kind: 'lodging', overnight: true, lodging: LODGING },
  // Open Monday to Wednesday mornings: reached on Thursday afternoon, it is closed.
  Olympia: { openingHours: 'Mo-We 08:00-10:00' },
};

type NewStop = { name: string; latitude: number; longitude: number };

let owner: User;
let tripId: string;

/** A trip as a user makes it: created with its start, the other stops added; its id. */
async function makeTrip(title: string, [start, ...rest]: NewStop[]): Promise<string> {
  const body = { title, startLocationName: start.name, startLocationLatitude: start.latitude, startLocationLongitude: start.longitude };
  const created = await t.api.post('/trips', body, { as: owner });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  for (const stop of rest) expect((await t.api.post('/trips/stops', { tripId: id, ...stop }, { as: owner })).status).toBe(201);
  await t.server.deps.legs.idle();
  return id;
}

/** Writes plan fields of stops (by name) and of the trip, as the server writes the document. */
async function writePlan(stops: Record<string, Record<string, unknown>>, meta: Record<string, unknown> = {}, id = tripId) {
  await t.server.deps.tripDocs.write(id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const stop of orderedStops(doc)) {
        for (const [key, value] of Object.entries(stops[stop.name] ?? {})) stopsMap(doc).get(stop.id)!.set(key, value);
      }
      for (const [key, value] of Object.entries(meta)) metaMap(doc).set(key, value);
    }),
  );
}

/** The schedule the app computes from the same document: what every file must agree with. */
const appSchedule = async (id = tripId): Promise<Schedule & { names: string[] }> =>
  t.server.deps.tripDocs.read(id, ({ doc }) => {
    const { settings, stops } = exportSourceOf(doc);
    return { ...computeSchedule(settings, stops), names: stops.map((stop) => stop.name) };
  });

const exportOf = async (format: string, id = tripId) => {
  const file = await download(t, `/trips/export?tripId=${id}&format=${format}`, owner);
  expect(file.status).toBe(200);
  return file.bytes;
};

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource);
  tripId = await makeTrip('Olympic loop', [START, ...STOPS]);
  const settings = await t.api.post('/trips/road-settings', { tripId, arrivalTime: '16:00', dailyDriveLimitMinutes: 120 }, { as: owner });
  expect(settings.status).toBe(200);
  await t.server.deps.legs.idle();
  await writePlan(PLAN, { startDate: '2026-06-24', departureTime: '09:00', earliestDeparture: '08:00' });
});

describe('exports by the schedule', () => {
  it('the trip is set up as the day model reads it: day 1 over its limit in two legs each under it, the hotel ending it', async () => {
    const schedule = await appSchedule();
    expect(schedule.days.map((day) => [day.date, day.stopIds.length, day.sleep?.lodgingName ?? null])).toEqual([
      ['2026-06-24', 4, 'Red Lion Hotel'],
      ['2026-06-25', 1, null],
    ]);
    const dayOneLegs = schedule.stops.slice(1, 4).map((stop) => stop.driveMinutes);
    expect(dayOneLegs.every((minutes) => minutes < 120)).toBe(true);
    expect(schedule.days[0].warnings).toEqual([{ kind: 'overDailyLimit', drivingMinutes: schedule.days[0].drivingMinutes, limitMinutes: 120 }]);
  });

  it('ICS: each stop an event for its visit in its zone, the times ical.js reads equal to the schedule', async () => {
    const schedule = await appSchedule();
    const text = (await exportOf('ics')).toString('utf8');
    expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${ZONE}`);
    const events = readIcs(text);
    expect(events.map((event) => event.summary)).toEqual(['Seattle', 'Lake Crescent Lodge', 'Hoh Rain Forest', 'Port Angeles — Red Lion Hotel', 'Olympia']);
    for (const [index, event] of events.entries()) {
      const stop = schedule.stops[index];
      expect(event).toMatchObject({ allDay: false, timezone: ZONE, localStart: expect.stringMatching(/^2026-06-2[45]T\d\d:\d\d:00$/) });
      if (index !== 3) expect([event.startMs, event.endMs]).toEqual([stop.visitStartMs, stop.visitEndMs]);
    }
    // Two stops of one day: different, increasing arrivals, and each leaves by the departure of the one before.
    const [, lake, hoh] = events;
    expect(lake.startMs!).toBeLessThan(hoh.startMs!);
    expect(lake.description).toContain('Arrive: Wednesday, June 24, 2026 at ');
    expect(lake.description).toContain('Stay: 1h 30m');
    expect(lake.description).toContain('Leave by: Wednesday, June 24, 2026 at 09:00 PDT');
    const lakeDeparture = new Date(lake.endMs!).toLocaleTimeString('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });
    expect(hoh.description).toContain(`Leave by: Wednesday, June 24, 2026 at ${lakeDeparture} PDT`);
    expect(lakeDeparture).not.toBe('09:00');
  });

  it("ICS: the hotel's event is the stay, check-in on its day to check-out the next morning, with its details", async () => {
    const schedule = await appSchedule();
    const hotel = readIcs((await exportOf('ics')).toString('utf8'))[3];
    const arrival = schedule.stops[3].arrivalMs;
    // It arrives before check-in: the stay starts at check-in.
    expect(arrival).toBeLessThan(Date.parse('2026-06-24T16:00:00-07:00'));
    expect(hotel.startMs).toBe(Date.parse('2026-06-24T16:00:00-07:00'));
    expect(hotel.endMs).toBe(Date.parse('2026-06-25T11:00:00-07:00'));
    expect(readIcs((await exportOf('ics')).toString('utf8'))[4].description).toMatch(/Warning: Closed when we arrive \(Thu \d\d:\d\d\)/);
    for (const line of ['Lodging: Red Lion Hotel', 'Lodging address: 221 N Lincoln St, Port Angeles', 'Check-in: 16:00', 'Check-out: 11:00', 'Confirmation: RL-4471', 'Link: https://example.com/red-lion', 'Price: 189.00 USD']) {
      expect(hotel.description).toContain(line);
    }
  });

  it('the calendar feed gives the same events and follows the plan: a longer stay moves the next stops later', async () => {
    const feed = await t.api.post('/trips/calendar-feed/create', { tripId }, { as: owner });
    expect(feed.status).toBe(200);
    const poll = async () => readIcs((await download(t, new URL(feed.body.url).pathname.replace(/^\/_api/, ''))).bytes.toString('utf8'));
    const before = await poll();
    const exported = readIcs((await exportOf('ics')).toString('utf8'));
    expect(before.map((event) => [event.uid, event.startMs, event.endMs, event.description])).toEqual(
      exported.map((event) => [event.uid, event.startMs, event.endMs, event.description]),
    );
    await writePlan({ 'Lake Crescent Lodge': { stayMinutes: 150 } });
    try {
      const after = await poll();
      expect(after[1].endMs! - before[1].endMs!).toBe(60 * 60_000);
      expect(after[2].startMs! - before[2].startMs!).toBe(60 * 60_000);
    } finally {
      await writePlan({ 'Lake Crescent Lodge': { stayMinutes: 90 } });
    }
  });

  it("PDF: day by day, each day's header with its date, route, driving, times and bed, the over-the-limit warning in words, stops with local times", async () => {
    const schedule = await appSchedule();
    const text = await readPdfText(await exportOf('pdf'));
    const [dayOne] = schedule.days;
    const hours = (minutes: number) => `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
    // The trip's totals add up its days.
    expect(text).toContain(`5 stops · ${hours(schedule.days[0].drivingMinutes + schedule.days[1].drivingMinutes)} driving`);
    expect(text).toContain('Day 1 — Wednesday, June 24, 2026');
    expect(text).toContain('Seattle → Port Angeles');
    expect(text).toContain(`${hours(dayOne.drivingMinutes)} driving`);
    expect(text).toContain('leave 09:00 PDT');
    expect(text).toContain('Sleep: Red Lion Hotel');
    expect(text).toContain(`Warning: Driving ${hours(dayOne.drivingMinutes)} passes the daily limit of 2h 0m`);
    expect(text).toContain('Day 2 — Thursday, June 25, 2026');
    expect(text).toContain('Port Angeles → Olympia');
    expect(text).toContain('leave 11:00 PDT');
    // Consecutive stops: each its own arrival, later than the one before, and its own leave-by.
    const clock = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });
    const [, lake, hoh] = schedule.stops;
    expect(lake.arrivalMs).toBeLessThan(hoh.arrivalMs);
    const lakeBlock = text.slice(text.indexOf('2. Lake Crescent Lodge'), text.indexOf('3. Hoh Rain Forest'));
    const hohBlock = text.slice(text.indexOf('3. Hoh Rain Forest'), text.indexOf('4. Port Angeles'));
    expect(lakeBlock).toContain(`Arrive: ${clock(lake.arrivalMs)} PDT`);
    expect(lakeBlock).toContain('Leave by: 09:00 PDT');
    expect(hohBlock).toContain(`Arrive: ${clock(hoh.arrivalMs)} PDT`);
    expect(hohBlock).toContain(`Leave by: ${clock(lake.departureMs)} PDT`);
    expect(text).toContain('Confirmation: RL-4471');
    // The hotel is left the next morning: that time says its date. Olympia's warning is in words.
    expect(text).toContain('Depart: Thursday, June 25, 2026 at 11:00 PDT');
    expect(text).toMatch(/Warning: Closed when we arrive \(Thu \d\d:\d\d\)/);
  });

  it("PDF: distances in the reader's unit, the account's choice else the browser's language's, as the page shows them", async () => {
    const [dayOne] = (await appSchedule()).days;
    const pdfFor = async (language: string) =>
      readPdfText((await download(t, `/trips/export?tripId=${tripId}&format=pdf`, owner, { 'accept-language': language })).bytes);
    const kmLine = (text: string) => text.includes(formatDistanceIn(dayOne.distanceKm, 'km'));
    const miLine = (text: string) => text.includes(formatDistanceIn(dayOne.distanceKm, 'mi'));

    const british = await pdfFor('en-GB,en;q=0.9');
    expect([kmLine(british), miLine(british)]).toEqual([true, false]);
    const american = await pdfFor('en-US,en;q=0.9');
    expect([kmLine(american), miLine(american)]).toEqual([false, true]);
    expect(american).not.toMatch(/\d km\b/);
    expect(american).toMatch(/Distance from previous stop: [\d,.]+ mi/);

    // The account's unit wins over the browser's, both ways.
    const setUnit = (distanceUnit: 'mi' | 'km' | null) => t.api.post('/account/profile', { displayName: owner.displayName, distanceUnit }, { as: owner });
    try {
      expect((await setUnit('mi')).status).toBe(200);
      const milesAccount = await pdfFor('en-GB');
      expect([kmLine(milesAccount), miLine(milesAccount)]).toEqual([false, true]);
      expect((await setUnit('km')).status).toBe(200);
      const kmAccount = await pdfFor('en-US');
      expect([kmLine(kmAccount), miLine(kmAccount)]).toEqual([true, false]);
    } finally {
      await setUnit(null);
    }
  });

  it('GPX: one track per day named by its day and route, the route points carrying their arrival, valid GPX 1.1', async () => {
    const schedule = await appSchedule();
    const text = (await exportOf('gpx')).toString('utf8');
    expect(await gpxSchemaErrors(text)).toEqual([]);
    const tracks = lineFeatures(readGpx(text)).filter((line) => line.properties?._gpxType === 'trk');
    expect(tracks.map((track) => track.properties?.name)).toEqual(['Day 1 — Wed 24 Jun: Seattle → Port Angeles', 'Day 2 — Thu 25 Jun: Port Angeles → Olympia']);
    // Day 1 runs through its four stops, day 2 from the hotel to Olympia.
    expect(tracks[0].geometry.coordinates.length).toBeGreaterThanOrEqual(4);
    expect(tracks[1].geometry.coordinates[0]).toEqual([STOPS[2].longitude, STOPS[2].latitude]);
    expect(tracks[1].geometry.coordinates.at(-1)).toEqual([STOPS[3].longitude, STOPS[3].latitude]);
    expect(gpxRoutePointNames(text)).toEqual(schedule.names);
    const points = readXml(text).getElementsByTagName('rtept');
    const times = Array.from({ length: points.length }, (_, index) => Date.parse(points[index].getElementsByTagName('time')[0].textContent!));
    expect(times).toEqual(schedule.stops.map((stop) => stop.arrivalMs));
    expect(times[1]).toBeLessThan(times[2]);
  });

  it("GPX back through the project's import: the stops, in order, without the plan as notes and no place from the day tracks", async () => {
    const text = (await exportOf('gpx')).toString('utf8');
    const preview = await t.api.post('/trips/stops/import-preview', { tripId, fileName: 'olympic-loop.gpx', data: Buffer.from(text).toString('base64') }, { as: owner });
    expect(preview.status).toBe(200);
    expect(preview.body.places.map((place: { name: string; notes: string | null; trackEnd: string | null }) => [place.name, place.notes, place.trackEnd])).toEqual(
      [START, ...STOPS].map((stop) => [stop.name, null, null]),
    );
  });

  it("GeoJSON and KML: each point carries the stop's scheduled times", async () => {
    const schedule = await appSchedule();
    const points = pointFeatures(JSON.parse((await exportOf('geojson')).toString('utf8')));
    expect(points.map((point) => [point.properties?.arrival, point.properties?.departure, point.properties?.timeZone])).toEqual(
      schedule.stops.map((stop) => [stop.arrival, stop.departure, stop.timeZone]),
    );
    expect(points.map((point) => point.properties?.leaveBy)).toEqual(schedule.stops.map((stop) => stop.leaveBy));
    const placemarks = pointFeatures(readKml((await exportOf('kml')).toString('utf8')));
    expect(placemarks[2].properties?.description).toContain(`Leave by: Wednesday, June 24, 2026 at ${schedule.stops[1].departure.slice(11, 16)} PDT`);
  });

  it('a trip across zones: each event in its own stop\'s zone, with a VTIMEZONE for each', async () => {
    const id = await makeTrip('Basin and range', [
      { name: 'Salt Lake City', latitude: 40.7608, longitude: -111.891 },
      { name: 'Reno', latitude: 39.5296, longitude: -119.8138 },
    ]);
    await writePlan({}, { startDate: '2026-06-07' }, id);
    const schedule = await appSchedule(id);
    const text = (await exportOf('ics', id)).toString('utf8');
    expect(text.match(/^TZID:.*$/gm)).toEqual(['TZID:America/Denver', 'TZID:America/Los_Angeles']);
    const events = readIcs(text);
    expect(events.map((event) => [event.timezone, event.startMs, event.endMs])).toEqual(
      schedule.stops.map((stop) => [stop.timeZone, stop.arrivalMs, stop.departureMs]),
    );
    expect(events.map((event) => event.timezone)).toEqual(['America/Denver', 'America/Los_Angeles']);
    // Reno's leave-by is Salt Lake City's 09:00, said in Salt Lake City's zone.
    expect(events[1].description).toContain('Leave by: Sunday, June 7, 2026 at 09:00 MDT');
  });

  it('an untimed trip (no start date, its first stop undated) keeps all-day events on the planned dates and prints no time', async () => {
    const id = await makeTrip('Someday', [
      { name: 'Moab', latitude: 38.5733, longitude: -109.5498 },
      { name: 'Escalante', latitude: 37.7703, longitude: -111.6013 },
    ]);
    const [, escalante] = orderedStops((await t.server.deps.tripDocs.open(id))!.doc);
    const body = { tripId: id, stopId: escalante.id, plannedArrivalDate: '2026-08-02', autoScheduled: false };
    expect((await t.api.post('/trips/stops/update-planned-date', body, { as: owner })).status).toBe(200);
    const events = readIcs((await exportOf('ics', id)).toString('utf8'));
    expect(events.map((event) => [event.summary, event.date, event.allDay, event.timezone])).toEqual([['Escalante', '2026-08-02', true, null]]);
    expect(events[0].description).not.toMatch(/Leave by|\d\d:\d\d/);
    const pdf = await readPdfText(await exportOf('pdf', id));
    expect(pdf).toContain('Sunday, August 2, 2026');
    expect(pdf).toContain('Not scheduled yet');
    expect(pdf).not.toContain('Day 1');
  });
});
