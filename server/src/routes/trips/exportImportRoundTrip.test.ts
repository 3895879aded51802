/**
 * Export then import (docs/product.md#import-places): "Export then import of a trip gives the same stops, names
 * and order, coordinates within 1e-6°." A trip whose stop names and notes carry everything the formats must
 * escape (XML and JSON specials, line breaks, accents, emoji, right-to-left text) and whose positions need
 * every digit (one a few centimetres off the equator), exported as GPX, KML and GeoJSON over HTTP; each file
 * read by the import preview call; and one file's places added to a fresh trip the way the Import dialog adds
 * them (the places already there unticked, the rest appended in one live-document transaction, persisted as a
 * room does). Notes come back as they were, and a stop without notes comes back without (not with the plan text every
 * file also carries as the stop's description).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendStops, findDuplicateStop, orderedStops, type TImportPreviewResponse, type TTripStop } from '@caravan/shared';
import { base64 } from '../../imports/fixtures/index.ts';
import { type ChangeOrigin, createLogger, TripDocHub } from '@caravan/engine';
import { download, gpxSchemaErrors } from '../../test/exportReaders.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

/** After the trip's own first stop (San Francisco, 37.7749, -122.4194). */
const STOPS = [
  { name: 'Café Zürich – crème brûlée', latitude: 47.3668975123, longitude: 8.5424987654, notes: 'Line one\nLine two' },
  {
    name: 'Tom & Jerry\'s <"Diner"> ]]>',
    latitude: 36.60023456789,
    longitude: -121.89471234567,
    notes: 'Ask for <table 4> & "the usual" ]]> <![CDATA[ not data ]]>\n&amp; stays &amp;, &nbsp; stays &nbsp;',
  },
  {
    name: 'Sunset 🌅 & 🦦 watch \\ backslash',
    latitude: -33.8567844,
    longitude: 151.2152967,
    notes: '🌅 at 19:40 👨‍👩‍👧\n\nBring \\ snacks 🦦',
  },
  { name: 'Nowhere yet, no map', latitude: 0, longitude: 0, notes: 'Not on any map' },
  { name: 'מסעדת הים', latitude: 32.0852999, longitude: 34.7817676, notes: 'להזמין שולחן ליד החלון (2 אנשים)\nשבת סגור' },
  { name: 'مقهى الشاطئ', latitude: 31.2000924, longitude: 29.9187387, notes: 'قهوة تركية، 3 فناجين\nmixed עברית and English' },
  // No notes: the import must not take the plan in the description for them.
  { name: 'Marco Zero do Equador', latitude: 0.0000004, longitude: -51.0664321, notes: null },
  {
    name: '<b>Not bold</b> & "quoted" \'too\'',
    latitude: -16.5004126,
    longitude: -179.9999991,
    notes: 'Arrive: when we like\nNotes: not a label',
  },
];

interface Place {
  name: string;
  latitude: number;
  longitude: number;
  notes: string | null;
}

let crew: Crew;
/** The trip's stops that have a position, in trip order: what every file carries. */
let located: Place[];

beforeAll(async () => {
  crew = await tripWithCrew(t.server.deps.dataSource, { title: 'Round & "trip" <test>' });
  for (const stop of STOPS) {
    const response = await t.api.post('/trips/stops', { tripId: crew.trip.id, ...stop }, { as: crew.owner });
    expect(response.status).toBe(201);
  }
  await t.server.deps.legs.idle();
  const stops = orderedStops((await t.server.deps.tripDocs.open(crew.trip.id))!.doc);
  expect(stops.map((stop) => stop.name)).toEqual(['San Francisco', ...STOPS.map((stop) => stop.name)]);
  located = stops.filter((stop) => stop.latitude !== 0 || stop.longitude !== 0);
});

async function exported(format: string): Promise<string> {
  const file = await download(t, `/trips/export?tripId=${crew.trip.id}&format=${format}`, crew.owner);
  expect(file.status).toBe(200);
  return file.bytes.toString('utf8');
}

async function imported(fileName: string, text: string, into: Crew = crew): Promise<TImportPreviewResponse> {
  const answer = await t.api.post<TImportPreviewResponse>(
    '/trips/stops/import-preview',
    { tripId: into.trip.id, fileName, data: base64(text) },
    { as: into.editor },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The same names in the same order, each position within 1e-6° of the original. */
function expectSamePlaces(actual: readonly Place[], expected: readonly Place[]): void {
  expect(actual.map((place) => place.name)).toEqual(expected.map((place) => place.name));
  actual.forEach((place, index) => {
    expect(Math.abs(place.latitude - expected[index].latitude), `latitude of ${place.name}`).toBeLessThan(1e-6);
    expect(Math.abs(place.longitude - expected[index].longitude), `longitude of ${place.name}`).toBeLessThan(1e-6);
  });
}

/** Each place's notes exactly as the stop's, in order. */
function expectSameNotes(actual: readonly Place[], expected: readonly Place[]): void {
  expect(actual.map((place) => place.notes)).toEqual(expected.map((place) => place.notes));
}

describe('export then import', () => {
  it('GPX: the route points come back as the stops, and the road track adds no extra place', async () => {
    const text = await exported('gpx');
    // A position 4 cm off the equator is written as a decimal, as the schema's lat/lon types require.
    expect(await gpxSchemaErrors(text)).toEqual([]);
    const preview = await imported('Round trip.gpx', text);
    expect(preview.format).toBe('gpx');
    expectSamePlaces(preview.places, located);
    expectSameNotes(preview.places, located);
  });

  it('KML: the placemarks come back as the stops; the route line is not a place', async () => {
    const preview = await imported('Round trip.kml', await exported('kml'));
    expect(preview.format).toBe('kml');
    expectSamePlaces(preview.places, located);
    expectSameNotes(preview.places, located);
  });

  it('GeoJSON: the points come back as the stops; the route line is not a place', async () => {
    const preview = await imported('Round trip.geojson', await exported('geojson'));
    expect(preview.format).toBe('geojson');
    expectSamePlaces(preview.places, located);
    expectSameNotes(preview.places, located);
  });

  it('adding an exported GPX to a fresh trip as the Import dialog does gives that trip the same stops', async () => {
    const fresh = await tripWithCrew(t.server.deps.dataSource, { title: 'Fresh' });
    const preview = await imported('Round trip.gpx', await exported('gpx'), fresh);
    const hub = t.server.deps.tripDocs;
    const { doc } = (await hub.open(fresh.trip.id))!;
    // The dialog leaves places already in the trip unticked: here the start, San Francisco.
    const ticked = preview.places.filter((place) => !findDuplicateStop(place, orderedStops(doc)));
    expect(ticked).toHaveLength(located.length - 1);
    const entries = ticked.map(({ name, address, notes, latitude, longitude }) => ({ id: randomUUID(), fields: { name, address, notes, latitude, longitude } }));

    // A member's batch as the collab room takes it: applied to the live document, then persisted.
    const origin: ChangeOrigin = { source: 'connection', connectionId: 'round-trip', userId: fresh.editor.id };
    let update: Uint8Array | null = null;
    const keep = (change: Uint8Array) => (update = change);
    doc.on('update', keep);
    doc.transact(() => appendStops(doc, entries), origin);
    doc.off('update', keep);
    expect(update).not.toBeNull();
    await hub.persist(fresh.trip.id, update!, origin);

    // Read back as every member reads the trip: the stops projection behind /trips/details.
    const details = await t.api.post<{ stops: TTripStop[] }>('/trips/details', { tripId: fresh.trip.id }, { as: fresh.owner });
    expect(details.status).toBe(200);
    expectSamePlaces(details.body.stops, located);
    expectSameNotes(details.body.stops, located);
    // And as a fresh process loads the stored document.
    const stored = await new TripDocHub(t.server.deps.dataSource, createLogger('silent')).open(fresh.trip.id);
    expectSamePlaces(orderedStops(stored!.doc), located);
    expectSameNotes(orderedStops(stored!.doc), located);
  });
});
