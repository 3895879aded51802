/**
 * /_api/trips/export (docs/product.md#export): each format read back by a real parser. GPX passes the GPX 1.1 schema
 * (xmllint) and togeojson reads the stops in order with the road as a track; KML reads back the same stops;
 * GeoJSON likewise; the ICS parses (ical.js) into one event per stop at its scheduled times in its zone, with its
 * leave-by and drive time; the GPX has a track per day; the PDF's text holds every day, stop and drive. Names full of XML and iCalendar specials come back
 * as written. Legs come from an OSRM stand-in, so the track follows roads; a stale leg is never exported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDistance, formatDuration, orderedStops } from '@caravan/shared';
import type { Config } from '@caravan/engine';
import { download, gpxRoutePointNames, gpxSchemaErrors, lineFeatures, pointFeatures, readGpx, readIcs, readKml, readPdfText } from '../../test/exportReaders.ts';
import { startOsrmStandIn, type OsrmStandIn } from '@caravan/engine/test';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

// The stand-in must listen before the server starts: its URL is the server's OSRM_URL.
let osrm: OsrmStandIn;
const overrides: Partial<Config> = { osrmRequestsPerSecond: 50 };
beforeAll(async () => {
  osrm = await startOsrmStandIn();
  overrides.osrmUrl = osrm.url;
});
afterAll(() => osrm.close());
const t = useTestServer(overrides);

/** Names and notes with everything XML and iCalendar must escape; the trip's first stop is San Francisco. */
const STOPS = [
  { name: 'Tom & Jerry\'s <"Diner">', address: '1 Main St, Monterey; CA', notes: 'Booked: table 4,\nback door; "ask for Sam" 🦦', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Big Sur, 🌊 \\ backslash', address: null, notes: null, latitude: 36.2704, longitude: -121.8081 },
  { name: 'Somewhere, no map', address: 'Unknown', notes: null, latitude: 0, longitude: 0 },
  { name: 'Santa Barbara', address: 'Santa Barbara, CA', notes: 'Line one\r\nLine two', latitude: 34.4208, longitude: -119.6982 },
];
const LOCATED_NAMES = ['San Francisco', STOPS[0].name, STOPS[1].name, STOPS[3].name];
const DATES = ['2025-08-01', '2025-08-01', '2025-08-02', null, '2025-08-04'];

async function plannedTrip() {
  const crew = await tripWithCrew(t.server.deps.dataSource, { title: 'Coast & "Canyons" <2025>' });
  const as = { as: crew.owner };
  for (const stop of STOPS) {
    const response = await t.api.post('/trips/stops', { tripId: crew.trip.id, ...stop, address: stop.address ?? undefined, notes: stop.notes ?? undefined }, as);
    expect(response.status).toBe(201);
  }
  await t.server.deps.legs.idle();
  const stops = orderedStops((await t.server.deps.tripDocs.open(crew.trip.id))!.doc);
  for (const [index, stop] of stops.entries()) {
    const date = DATES[index];
    if (!date) continue;
    const response = await t.api.post('/trips/stops/update-planned-date', { tripId: crew.trip.id, stopId: stop.id, plannedArrivalDate: date, autoScheduled: false }, as);
    expect(response.status).toBe(200);
  }
  await t.server.deps.legs.idle();
  return { ...crew, stops: orderedStops((await t.server.deps.tripDocs.open(crew.trip.id))!.doc) };
}

type Trip = Awaited<ReturnType<typeof plannedTrip>>;
let trip: Trip;
beforeAll(async () => {
  trip = await plannedTrip();
});

const exportOf = (format: string, as = trip.owner) => download(t, `/trips/export?tripId=${trip.trip.id}&format=${format}`, as);
const located = () => trip.stops.filter((stop) => stop.latitude !== 0 || stop.longitude !== 0);

function expectSamePositions(coordinates: number[][]): void {
  expect(coordinates).toHaveLength(located().length);
  located().forEach((stop, index) => {
    expect(Math.abs(coordinates[index][0] - stop.longitude!)).toBeLessThan(1e-6);
    expect(Math.abs(coordinates[index][1] - stop.latitude!)).toBeLessThan(1e-6);
  });
}

describe('GET /trips/export', () => {
  it('has road legs to export: every located stop after the first has an OSRM leg with a road line', () => {
    const legs = located().slice(1).map((stop) => stop.driveLeg);
    expect(legs.every((leg) => leg?.source === 'osrm' && leg.geometry)).toBe(true);
  });

  it('GPX: valid GPX 1.1, the stops as route points in order with their names, the road as a track a day', async () => {
    const file = await exportOf('gpx');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="coast-canyons-2025.gpx"');
    const text = file.bytes.toString('utf8');
    expect(await gpxSchemaErrors(text)).toEqual([]);
    // The schema check is live: elements out of the schema's order fail it.
    expect(await gpxSchemaErrors(text.replace('<trk>', '<trk><trkseg/>'))).not.toEqual([]);
    expect(gpxRoutePointNames(text)).toEqual(LOCATED_NAMES);

    const lines = lineFeatures(readGpx(text));
    const route = lines.find((line) => line.properties?._gpxType === 'rte')!;
    expectSamePositions(route.geometry.coordinates);
    // One track a day (Aug 1: SF → the diner; Aug 2: on to Big Sur and the stop with no map; Aug 4: Santa Barbara),
    // each leaving from where the day before ended.
    const tracks = lines.filter((line) => line.properties?._gpxType === 'trk');
    expect(tracks.map((track) => track.properties?.name)).toEqual([
      `Day 1 — Fri 1 Aug: San Francisco → ${STOPS[0].name}`,
      `Day 2 — Sat 2 Aug: ${STOPS[0].name} → ${STOPS[2].name}`,
      `Day 4 — Mon 4 Aug: ${STOPS[2].name} → ${STOPS[3].name}`,
    ]);
    const ends = tracks.map((track) => [track.geometry.coordinates[0], track.geometry.coordinates.at(-1)!]);
    expect(ends).toEqual([
      [route.geometry.coordinates[0], route.geometry.coordinates[1]],
      [route.geometry.coordinates[1], route.geometry.coordinates[2]],
      [route.geometry.coordinates[2], route.geometry.coordinates[3]],
    ]);
    // Each follows the roads of its legs: far more points than its two stops.
    for (const track of tracks) expect(track.geometry.coordinates.length).toBeGreaterThan(10);
  });

  it('KML: one placemark per located stop, in order, with names, and the route as a line', async () => {
    const file = await exportOf('kml');
    expect(file.headers.get('content-type')).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="coast-canyons-2025.kml"');
    const features = readKml(file.bytes.toString('utf8'));
    const points = pointFeatures(features);
    expect(points.map((point) => point.properties?.name)).toEqual(LOCATED_NAMES);
    expectSamePositions(points.map((point) => point.geometry.coordinates));
    expect(points[1].properties?.description).toContain('Notes: Booked: table 4,\nback door; "ask for Sam" 🦦');
    expect(lineFeatures(features)).toHaveLength(1);
  });

  it('GeoJSON: the same points and a line string', async () => {
    const file = await exportOf('geojson');
    expect(file.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const collection = JSON.parse(file.bytes.toString('utf8'));
    const points = pointFeatures(collection);
    expect(points.map((point) => point.properties?.name)).toEqual(LOCATED_NAMES);
    expectSamePositions(points.map((point) => point.geometry.coordinates));
    expect(points[1].properties).toMatchObject({ plannedArrivalDate: '2025-08-01', notes: STOPS[0].notes });
    expect(lineFeatures(collection)).toHaveLength(1);
  });

  it('ICS: one event per stop from its scheduled arrival to departure in its zone, with its leave-by and drive time', async () => {
    const file = await exportOf('ics');
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = readIcs(file.bytes.toString('utf8'));
    // Day 1 is the first stop's date; a stop with a later date starts its day; the stop with no map goes with Big Sur.
    expect(events.map((event) => [event.summary, event.date, event.allDay, event.timezone])).toEqual(
      trip.stops.map((stop, index) => [stop.name, DATES[index] ?? '2025-08-02', false, 'America/Los_Angeles']),
    );
    const [start, diner] = events;
    const dinerStop = trip.stops[1];
    expect(start.localStart).toBe('2025-08-01T09:00:00');
    expect(diner.startMs! - start.endMs!).toBe(dinerStop.driveLeg!.minutes * 60_000);
    expect(diner.description).toContain('Leave by: Friday, August 1, 2025 at 09:00 PDT');
    expect(diner.description).toContain(`Drive from previous stop: ${formatDuration(dinerStop.driveLeg!.minutes)}`);
    expect(diner.description).toContain(`Notes: ${STOPS[0].notes}`);
    expect(diner.location).toBe(STOPS[0].address);
    expect(events[1].uid).toBe(`${dinerStop.id}@caravan`);
  });

  it('PDF: the itinerary day by day with every stop, drive time and distance', async () => {
    const file = await exportOf('pdf');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="coast-canyons-2025.pdf"');
    const text = await readPdfText(file.bytes);
    for (const heading of ['Day 1 — Friday, August 1, 2025', 'Day 2 — Saturday, August 2, 2025', 'Day 4 — Monday, August 4, 2025']) {
      expect(text).toContain(heading);
    }
    // Numbered in trip order under their days; DejaVu Sans has no emoji, so Big Sur's name is checked up to its wave.
    for (const line of ['1. San Francisco', `2. ${STOPS[0].name}`, '3. Big Sur,', `4. ${STOPS[2].name}`, `5. ${STOPS[3].name}`]) {
      expect(text).toContain(line);
    }
    // The stop with no map is scheduled after Big Sur, on its day.
    expect(text.indexOf('Day 2 — Saturday')).toBeLessThan(text.indexOf(`4. ${STOPS[2].name}`));
    expect(text.indexOf(`4. ${STOPS[2].name}`)).toBeLessThan(text.indexOf('Day 4 — Monday'));
    for (const stop of located().slice(1)) {
      expect(text).toContain(`Drive from previous stop: ${formatDuration(stop.driveLeg!.minutes)}`);
      expect(text).toContain(`Distance from previous stop: ${formatDistance(stop.driveLeg!.distanceKm)}`);
    }
  });

  it('any member may export; an outsider finds no trip, an anonymous caller must sign in', async () => {
    for (const member of [trip.editor, trip.viewer]) expect((await exportOf('gpx', member)).status).toBe(200);
    expect((await exportOf('gpx', trip.outsider)).status).toBe(404);
    expect((await download(t, `/trips/export?tripId=${trip.trip.id}&format=gpx`)).status).toBe(401);
  });

  it.each([
    ['an unknown format', (id: string) => `tripId=${id}&format=docx`, 'Format must be one of: gpx, kml, geojson, ics, pdf'],
    ['no format', (id: string) => `tripId=${id}`, 'Format must be one of: gpx, kml, geojson, ics, pdf'],
    ['a bad trip id', () => 'tripId=not-a-trip&format=gpx', 'Invalid trip ID format'],
    ['a repeated field', (id: string) => `tripId=${id}&format=gpx&format=kml`, 'Format must be one of: gpx, kml, geojson, ics, pdf'],
    ['a field it does not take', (id: string) => `tripId=${id}&format=gpx&ownerId=1`, null],
  ])('refuses %s with 400 and a clear message', async (_, query, message) => {
    const response = await t.api.get(`/trips/export?${query(trip.trip.id)}`, { as: trip.owner });
    expect(response.status).toBe(400);
    if (message) expect(response.body.error).toBe(message);
  });
});
