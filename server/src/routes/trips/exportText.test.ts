/**
 * Every text of a trip reaches every export as text, never as the file's own syntax: a title, description,
 * stop names, addresses and notes full of line breaks (CR, LF, CRLF, Unicode's other line separators), control
 * characters, iCalendar and XML specials, right-to-left controls, emoji and calendar lines meant to inject a
 * time zone, an event, an alarm and a link. Each file
 * (the ICS download and the calendar feed, GPX, KML, GeoJSON) is read back with a real parser and gives the
 * same texts and the same number of events, placemarks, points and track points; the PDF builds and shows the
 * title. Where a format cannot carry a character as written, the test says how it comes back (asIcs, asXml).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, orderedStops } from '@caravan/shared';
import { buildUser } from '../../test/factories.ts';
import {
  download,
  gpxSchemaErrors,
  lineFeatures,
  pointFeatures,
  readIcsCalendar,
  readKml,
  readPdfText,
  readXml,
} from '../../test/exportReaders.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import type { User } from '@caravan/engine';

const t = useTestServer();

/**
 * What a text format could take for its own syntax: line breaks, Unicode's other line separators and control
 * characters, iCalendar and XML specials, right-to-left controls, and characters beyond the Basic Multilingual Plane.
 */
const EDGES =
  'CR\rLF\nCRLF\r\nVT\vFF\fNEL\u0085LS\u2028PS\u2029 ESC\u001bBEL\u0007DEL\u007fTAB\t; , \\ \\n \\; "q" ]]> <![CDATA[ <b>x</b> ' +
  '&amp; &nbsp; &#x41; \u200fשלום\u202e RTL 👨‍👩‍👧 🦦 end';

/** Calendar lines that, written unescaped, would add an event with an alarm and a link to every subscriber's calendar. */
const INJECTED_EVENT = [
  'BEGIN:VEVENT',
  'UID:injected@phish.example',
  'DTSTART;VALUE=DATE:20250101',
  'SUMMARY:Injected',
  'URL:https://phish.example/login',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-PT5M',
  'DESCRIPTION:Open https://phish.example/login',
  'END:VALARM',
  'END:VEVENT',
].join('\r\n');

interface StopTexts {
  name: string;
  address: string | null;
  notes: string | null;
  latitude: number;
  longitude: number;
  /** Planned arrival, or null. */
  date: string | null;
}

interface TripTexts {
  title: string;
  description: string;
  /** In trip order; the first is the trip's start. */
  stops: StopTexts[];
}

/** Everything at once. One stop has no position: in the calendar, on no map. */
const TRIP: TripTexts = {
  title: `Road trip\r\nX-WR-TIMEZONE:Pacific/Kiritimati\r\nX-WR-CALNAME:Hijacked | ${EDGES}`,
  description: `Plan | ${EDGES}\r\n${INJECTED_EVENT}\r\nthe end`,
  stops: [
    {
      name: `Start\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected | ${EDGES}`,
      address: `Start address | ${EDGES}`,
      notes: null,
      latitude: 37.7749,
      longitude: -122.4194,
      date: '2025-08-01',
    },
    {
      name: `Diner | ${EDGES}`,
      address: `1 Main St; Monterey, CA | ${EDGES}\r\n${INJECTED_EVENT}`,
      notes: `Notes | ${EDGES}\r\n${INJECTED_EVENT}`,
      latitude: 36.6002,
      longitude: -121.8947,
      date: '2025-08-01',
    },
    { name: `Nowhere | ${EDGES}`, address: `Unknown | ${EDGES}`, notes: `No map | ${EDGES}`, latitude: 0, longitude: 0, date: '2025-08-02' },
    { name: `No address | ${EDGES}`, address: null, notes: `Only notes | ${EDGES}`, latitude: 36.2704, longitude: -121.8081, date: '2025-08-03' },
    { name: `Unplanned | ${EDGES}`, address: `Somewhere | ${EDGES}`, notes: `Later | ${EDGES}`, latitude: 34.4208, longitude: -119.6982, date: null },
  ],
};

/** Only well-formed calendar lines after the line breaks: a parser reads them all, as calendar lines if unescaped. */
const INJECTION_ONLY: TripTexts = {
  title: 'Road trip\r\nX-WR-TIMEZONE:Pacific/Kiritimati',
  description: `Our plan\r\n${INJECTED_EVENT}`,
  stops: [{ name: 'Start', address: null, notes: null, latitude: 37.7749, longitude: -122.4194, date: '2025-08-01' }],
};

const located = (trip: TripTexts) => trip.stops.filter((stop) => stop.latitude !== 0 || stop.longitude !== 0);
const LOCATED = located(TRIP);

/**
 * Text as an iCalendar TEXT value carries it: one escape for a line break (\n), which CR, CRLF and Unicode's
 * other line separators become; no control character but tab. Nothing else changes.
 */
const asIcs = (text: string) => text.replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n').replace(/[\0-\x08\x0e-\x1f\x7f]/g, '');

/**
 * Text as xmldom (the parser the imports use) reads an XML file back: every CRLF and lone CR written as such
 * as LF (XML 1.0 end-of-line handling; xmlbuilder2 writes no character reference for CR), and NEL, LS and PS
 * as LF too (XML 1.1's line ends, which xmldom applies); without the control characters XML 1.0 cannot hold,
 * which the files drop. Nothing else changes.
 */
const asXml = (text: string) => text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(/[\0-\x08\v\f\x0e-\x1f]/g, '');

let owner: User;
/** Each trip's id and its stops' ids in trip order. */
const made = new Map<TripTexts, { id: string; stopIds: string[] }>();

/** The trip made through the API as a user makes it: created with its start, stops added, then planned. */
async function makeTrip(trip: TripTexts): Promise<void> {
  const [start, ...rest] = trip.stops;
  const created = await t.api.post(
    '/trips',
    {
      title: trip.title,
      description: trip.description,
      startLocationName: start.name,
      startLocationAddress: start.address,
      startLocationLatitude: start.latitude,
      startLocationLongitude: start.longitude,
    },
    { as: owner },
  );
  expect(created.status).toBe(201);
  const tripId: string = created.body.id;
  for (const { name, address, notes, latitude, longitude } of rest) {
    const added = await t.api.post('/trips/stops', { tripId, name, address, notes, latitude, longitude }, { as: owner });
    expect(added.status).toBe(201);
  }
  await t.server.deps.legs.idle();
  const stops = orderedStops((await t.server.deps.tripDocs.open(tripId))!.doc);
  // The trip holds the texts exactly as written: what follows compares each file with them.
  expect(stops.map(({ name, address, notes }) => ({ name, address, notes }))).toEqual(trip.stops.map(({ name, address, notes }) => ({ name, address, notes })));
  for (const [index, stop] of stops.entries()) {
    const date = trip.stops[index].date;
    if (!date) continue;
    const body = { tripId, stopId: stop.id, plannedArrivalDate: date, autoScheduled: false };
    expect((await t.api.post('/trips/stops/update-planned-date', body, { as: owner })).status).toBe(200);
  }
  await t.server.deps.legs.idle();
  made.set(trip, { id: tripId, stopIds: stops.map((stop) => stop.id) });
}

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource);
  await makeTrip(TRIP);
  await makeTrip(INJECTION_ONLY);
});

/** A trip's file as a member downloads it. */
async function exported(format: string, trip: TripTexts = TRIP): Promise<Buffer> {
  const file = await download(t, `/trips/export?tripId=${made.get(trip)!.id}&format=${format}`, owner);
  expect(file.status).toBe(200);
  return file.bytes;
}
const exportedText = async (format: string, trip: TripTexts = TRIP) => (await exported(format, trip)).toString('utf8');

/** The plan text of every export ends with the stop's address and notes lines, when it has them. */
const planEnding = (stop: StopTexts) =>
  [stop.address && `${messages.tripExport.file.address}: ${stop.address}`, stop.notes && `${messages.tripExport.file.notes}: ${stop.notes}`]
    .filter(Boolean)
    .join('\n');

/**
 * A calendar with the trip's name and description as text, one event per stop (the trips are timed: their first
 * stops are planned), its one time zone the stops' own with the one period its August events fall in (PDT), and
 * nothing injected.
 */
function expectTripCalendar(text: string, trip: TripTexts): void {
  // Between the CRLFs, nothing any reader might end a line at (Python's str.splitlines() ends one at each of these).
  for (const line of text.split('\r\n')) expect(line).not.toMatch(/[\n\r\v\f\x1c-\x1e\u0085\u2028\u2029]/);
  const calendar = readIcsCalendar(text);
  expect(calendar.components).toEqual({ vcalendar: 1, vtimezone: 1, daylight: 1, vevent: trip.stops.length });
  expect(text.match(/^TZID:.*$/gm)).toEqual(['TZID:America/Los_Angeles']);
  expect(Object.keys(calendar.properties).sort()).toEqual(['name', 'prodid', 'refresh-interval', 'version', 'x-published-ttl', 'x-wr-caldesc', 'x-wr-calname']);
  expect(calendar.properties.name).toEqual([asIcs(trip.title)]);
  expect(calendar.properties['x-wr-calname']).toEqual([asIcs(trip.title)]);
  expect(calendar.properties['x-wr-caldesc']).toEqual([asIcs(trip.description)]);

  const { stopIds } = made.get(trip)!;
  expect(calendar.events.map(({ uid, summary, location, date }) => ({ uid, summary, location, date }))).toEqual(
    trip.stops.map((stop, index) => ({
      uid: `${stopIds[index]}@caravan`,
      summary: asIcs(stop.name),
      location: asIcs(stop.address ?? stop.name),
      // A planned stop is held to its date; one without a date goes on the day the schedule reaches it.
      date: stop.date ?? expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    })),
  );
  calendar.events.forEach((event, index) => expect(event.description.endsWith(asIcs(planEnding(trip.stops[index])))).toBe(true));
}

/** The element's first child element named `name`. */
function child(element: Element, name: string): Element | undefined {
  return Array.from(element.childNodes).find((node): node is Element => node.nodeType === 1 && (node as Element).localName === name);
}
const childText = (element: Element, name: string) => child(element, name)?.textContent ?? null;
const elements = (document: Document, name: string) => Array.from(document.getElementsByTagName(name));
const lonLat = (point: Element) => [Number(point.getAttribute('lon')), Number(point.getAttribute('lat'))];

/** The route through the located stops: straight from one to the next, the test server has no road router. */
function expectRoute(coordinates: number[][]): void {
  expect(coordinates).toEqual(LOCATED.map((stop) => [stop.longitude, stop.latitude]));
}

describe('trip texts in every export', () => {
  it('ICS download: the calendar name and description as text, one event per planned stop, nothing injected', async () => {
    expectTripCalendar(await exportedText('ics'), TRIP);
  });

  it('ICS download: a title and description holding well-formed calendar lines add no time zone, event or alarm', async () => {
    expectTripCalendar(await exportedText('ics', INJECTION_ONLY), INJECTION_ONLY);
  });

  it('calendar feed: the same calendar every subscriber polls', async () => {
    for (const trip of [TRIP, INJECTION_ONLY]) {
      const feed = await t.api.post('/trips/calendar-feed/create', { tripId: made.get(trip)!.id }, { as: owner });
      expect(feed.status).toBe(200);
      const poll = await download(t, new URL(feed.body.url).pathname.replace(/^\/_api/, ''));
      expect(poll.status).toBe(200);
      expectTripCalendar(poll.bytes.toString('utf8'), trip);
    }
  });

  it('GPX: valid GPX 1.1 with the trip and every located stop as written, one route point each, one track point each', async () => {
    const text = await exportedText('gpx');
    expect(await gpxSchemaErrors(text)).toEqual([]);
    const document = readXml(text);
    const [metadata] = elements(document, 'metadata');
    expect([childText(metadata, 'name'), childText(metadata, 'desc')]).toEqual([asXml(TRIP.title), asXml(TRIP.description)]);
    expect(elements(document, 'wpt')).toHaveLength(0);

    const [route] = elements(document, 'rte');
    expect(childText(route, 'name')).toBe(asXml(TRIP.title));
    const points = elements(document, 'rtept');
    expect(points.map((point) => ({ name: childText(point, 'name'), cmt: childText(point, 'cmt'), at: lonLat(point) }))).toEqual(
      LOCATED.map((stop) => ({ name: asXml(stop.name), cmt: stop.notes && asXml(stop.notes), at: [stop.longitude, stop.latitude] })),
    );
    points.forEach((point, index) => expect(childText(point, 'desc')!.endsWith(asXml(planEnding(LOCATED[index])))).toBe(true));

    // One track a day, each day's name from its stops' names; together (each day from where the one before ended) the route.
    const tracks = elements(document, 'trk');
    expect(tracks.map((track) => childText(track, 'name'))).toEqual([
      asXml(`Day 1 — Fri 1 Aug: ${TRIP.stops[0].name} → ${TRIP.stops[1].name}`),
      asXml(`Day 3 — Sun 3 Aug: ${TRIP.stops[2].name} → ${TRIP.stops[4].name}`),
    ]);
    const trackPoints = elements(document, 'trkpt').map(lonLat);
    expectRoute(trackPoints.filter((point, index) => index === 0 || point.join() !== trackPoints[index - 1].join()));
  });

  it('KML: the document and every located stop as written, one placemark each and one route line', async () => {
    const text = await exportedText('kml');
    const [kmlDocument] = elements(readXml(text), 'Document');
    expect([childText(kmlDocument, 'name'), childText(kmlDocument, 'description')]).toEqual([asXml(TRIP.title), asXml(TRIP.description)]);

    const features = readKml(text);
    expect(features.features).toHaveLength(LOCATED.length + 1);
    const points = pointFeatures(features);
    expect(points.map((point) => ({ name: point.properties?.name, notes: point.properties?.notes }))).toEqual(
      LOCATED.map((stop) => ({ name: asXml(stop.name), notes: asXml(stop.notes ?? '') })),
    );
    points.forEach((point, index) => expect((point.properties?.description as string).endsWith(asXml(planEnding(LOCATED[index])))).toBe(true));
    const lines = lineFeatures(features);
    expect(lines.map((line) => line.properties?.name)).toEqual([asXml(messages.tripExport.file.route(TRIP.title))]);
    expectRoute(lines[0].geometry.coordinates);
  });

  it('GeoJSON: the trip and every located stop exactly as written (JSON carries every character), one feature each', async () => {
    const collection = JSON.parse(await exportedText('geojson'));
    expect(collection.name).toBe(TRIP.title);
    expect(collection.features).toHaveLength(LOCATED.length + 1);
    const points = pointFeatures(collection);
    expect(points.map(({ properties }) => ({ name: properties?.name, address: properties?.address, notes: properties?.notes }))).toEqual(
      LOCATED.map(({ name, address, notes }) => ({ name, address, notes })),
    );
    points.forEach((point, index) => expect((point.properties?.description as string).endsWith(planEnding(LOCATED[index]))).toBe(true));
    const lines = lineFeatures(collection);
    expect(lines.map((line) => line.properties?.name)).toEqual([messages.tripExport.file.route(TRIP.title)]);
    expectRoute(lines[0].geometry.coordinates);
  });

  it('PDF: builds, and its text shows the title', async () => {
    const text = await readPdfText(await exported('pdf'));
    // The title's lines up to its emoji: DejaVu Sans has no emoji glyphs, and a PDF keeps no line break characters.
    for (const line of ['Road trip', 'X-WR-TIMEZONE:Pacific/Kiritimati', 'X-WR-CALNAME:Hijacked | CR']) expect(text).toContain(line);
  });
});
