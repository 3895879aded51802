/**
 * Import places (docs/product.md#import-places): every bad file gets a 4xx whose message names what is wrong,
 * the limits (10 MB, 2,000 places) answer 413 with their own message, hostile files (DOCTYPE entities, a zip
 * bomb, folders nested ten thousand deep, NUL and lone surrogates, huge names, wrong types, random and
 * corrupted bytes) never answer 5xx, and no call of this file writes anything.
 */
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_PLACES, messages, STOP_NAME_MAX_LENGTH, type TImportPreviewResponse } from '@caravan/shared';
import { base64, fixtureBytes } from '../../imports/fixtures/index.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const PATH = '/trips/stops/import-preview';
const m = messages.placeImport;
let crew: Crew;
let before: string;

beforeAll(async () => {
  crew = await tripWithCrew(t.server.deps.dataSource);
  before = await tripSnapshot(t.server.deps, [crew.trip.id]);
});

afterAll(async () => {
  // Nothing any call of this file made was written: not a stop, not a document update, not an activity.
  if (crew) expect(await tripSnapshot(t.server.deps, [crew.trip.id])).toBe(before);
});

const bytesOf = (file: Uint8Array | string) => (typeof file === 'string' ? strToU8(file) : file);

function preview(fileName: string, file: Uint8Array | string) {
  return t.api.post<TImportPreviewResponse & { error?: string }>(PATH, { tripId: crew.trip.id, fileName, data: base64(bytesOf(file)) }, { as: crew.editor });
}

async function expectRefusal(fileName: string, file: Uint8Array | string, error: string, status = 400) {
  const answer = await preview(fileName, file);
  expect({ status: answer.status, error: answer.body.error }, fileName).toEqual({ status, error });
}

const csvLines = (count: number) => ['name,latitude,longitude', ...Array.from({ length: count }, (_, i) => `Place ${i},${(i % 80) + 1},${(i % 170) + 1}`)].join('\n');

describe('bad files, each with a message naming what is wrong', () => {
  it('refuses a file whose name says GPX or KML when its content is not', async () => {
    await expectRefusal('trip.gpx', fixtureBytes('myMaps.kml'), m.notGpx);
    await expectRefusal('trip.kml', fixtureBytes('garmin.gpx'), m.notKml);
    await expectRefusal('trip.gpx', '{"type":"FeatureCollection"}', m.unreadableXml('GPX'));
    await expectRefusal('trip.kml', '<kml><Placemark>', m.unreadableXml('KML'));
  });

  it('refuses files with no points', async () => {
    await expectRefusal('empty.gpx', '<?xml version="1.0"?><gpx version="1.1"><metadata><name>Nothing</name></metadata></gpx>', m.noPoints);
    await expectRefusal('lines.kml', '<kml><Document><Placemark><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark></Document></kml>', m.noPoints);
    await expectRefusal('empty.geojson', '{"type":"FeatureCollection","features":[]}', m.noPoints);
    await expectRefusal('header.csv', 'name,latitude,longitude\n', m.noPoints);
  });

  it('names the CSV line without coordinates, or with coordinates out of range', async () => {
    await expectRefusal('bad.csv', fixtureBytes('badLine12.csv'), m.csvNoCoordinates(12));
    await expectRefusal('bad.csv', 'name,lat,lon\nA,1,2\nB,91,2\n', m.csvCoordinatesOutOfRange(3));
    await expectRefusal('bad.csv', 'name,lat,lon\nA,1,2\nB,north,2\n', m.csvNoCoordinates(3));
    await expectRefusal('bad.csv', 'name,lat,lon\n"A\nwith a line break",1,2\nB,1,\n', m.csvNoCoordinates(4));
    await expectRefusal('bad.csv', 'title,comment\nA,b\n', m.csvMissingColumns);
    await expectRefusal('bad.csv', 'name,lat,lon\nA,1,2\n"B,1,2\n', m.csvUnreadable(3));
  });

  it('refuses unreadable zips and zips without a KML document', async () => {
    await expectRefusal('map.kmz', fixtureBytes('myMaps.kml'), m.unreadableZip);
    const zip = zipSync({ 'doc.kml': fixtureBytes('myMaps.kml') });
    await expectRefusal('map.kmz', zip.slice(0, 60), m.unreadableZip);
    await expectRefusal('map.kmz', zipSync({ 'images/icon.png': strToU8('png'), 'readme.txt': strToU8('hi') }), m.kmzWithoutKml);
  });

  it('refuses invalid JSON, JSON that is not GeoJSON, and points off the globe', async () => {
    await expectRefusal('places.json', '{"type": "FeatureCollection", "features": [', m.invalidJson);
    await expectRefusal('places.json', '{"places": []}', m.notGeoJson);
    await expectRefusal('places.json', '[1, 2, 3]', m.notGeoJson);
    const offGlobe = { type: 'Feature', geometry: { type: 'Point', coordinates: [200, 95] }, properties: { name: 'Nowhere' } };
    await expectRefusal('places.geojson', JSON.stringify(offGlobe), m.coordinatesOutOfRange('Nowhere'));
    const kml = '<kml><Placemark><name>Far out</name><Point><coordinates>10,100</coordinates></Point></Placemark></kml>';
    await expectRefusal('far.kml', kml, m.coordinatesOutOfRange('Far out'));
  });

  it('refuses a file of no format it reads, an empty file, and data that is not base64', async () => {
    await expectRefusal('page.html', '<!-- hello --><html><body>Hi</body></html>', m.unknownFormat);
    const empty = await t.api.post(PATH, { tripId: crew.trip.id, fileName: 'a.csv', data: '' }, { as: crew.editor });
    expect([empty.status, empty.body.error]).toEqual([400, m.emptyFile]);
    const garbled = await t.api.post(PATH, { tripId: crew.trip.id, fileName: 'a.csv', data: 'not base64!' }, { as: crew.editor });
    expect([garbled.status, garbled.body.error]).toEqual([400, m.invalidFileData]);
  });
});

describe('limits', () => {
  it('refuses a file over 10 MB with 413 and says so', async () => {
    const big = new Uint8Array(IMPORT_MAX_FILE_BYTES + 1).fill(0x20);
    await expectRefusal('big.csv', big, m.fileTooLarge(10), 413);
  });

  it('refuses more than 2,000 places with 413, and takes exactly 2,000', async () => {
    await expectRefusal('many.csv', csvLines(IMPORT_MAX_PLACES + 1), m.tooManyPlaces('2,000'), 413);
    const wpts = Array.from({ length: IMPORT_MAX_PLACES + 1 }, (_, i) => `<wpt lat="1" lon="${i / 100}"><name>W${i}</name></wpt>`).join('');
    await expectRefusal('many.gpx', `<gpx>${wpts}</gpx>`, m.tooManyPlaces('2,000'), 413);
    const takeout = ['Title,Note,URL', ...Array.from({ length: IMPORT_MAX_PLACES + 1 }, (_, i) => `Place ${i},,https://maps.google.com/?cid=${i}`)].join('\n');
    await expectRefusal('Saved.csv', takeout, m.tooManyPlaces('2,000'), 413);
    const atLimit = await preview('many.csv', csvLines(IMPORT_MAX_PLACES));
    expect([atLimit.status, atLimit.body.places?.length]).toEqual([200, IMPORT_MAX_PLACES]);
  });

  it('counts a CSV as it reads it: past 2,000 rows it stops, so what lies further is never read', async () => {
    // Beyond the limit, a row without coordinates and then an unclosed quote: read to the end, the file would
    // be refused for those instead, after parsing and checking every row.
    const rows = `${csvLines(IMPORT_MAX_PLACES + 500)}\nNo coordinates,,\n"Unclosed,1,2\n${csvLines(57_000).split('\n').slice(1).join('\n')}`;
    await expectRefusal('huge.csv', rows, m.tooManyPlaces('2,000'), 413);
  });
});

describe('hostile files', () => {
  it('refuses a DOCTYPE, where entity expansion lives', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <gpx><wpt lat="1" lon="2"><name>&b;&b;&b;</name></wpt></gpx>`;
    await expectRefusal('bomb.gpx', bomb, m.doctypeRefused);
    await expectRefusal('external.kml', '<!DOCTYPE kml SYSTEM "file:///etc/passwd"><kml/>', m.doctypeRefused);
  });

  it('refuses a KMZ whose document would inflate past its bound (a zip bomb)', async () => {
    const bomb = zipSync({ 'doc.kml': new Uint8Array(51 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(IMPORT_MAX_FILE_BYTES);
    await expectRefusal('bomb.kmz', bomb, m.unreadableZip);
  });

  it('cleans NUL, lone surrogates and whitespace out of names and trims huge ones to the stop-name limit', async () => {
    const feature = (name: unknown, coordinates: unknown = [1, 2]) => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: { name } });
    const json = JSON.stringify({
      type: 'FeatureCollection',
      features: [feature('Nul\u0000 byte'), feature('Lone \ud800 half'), feature('x'.repeat(10_000)), feature('😀'.repeat(150)), feature({ nested: true }), feature('  spaced\n\tout  ')],
    });
    const answer = await preview('odd.geojson', json);
    expect(answer.status).toBe(200);
    const names = answer.body.places.map((place) => place.name);
    expect(names.slice(0, 2)).toEqual(['Nul byte', 'Lone \ufffd half']);
    expect(names[2]).toBe('x'.repeat(STOP_NAME_MAX_LENGTH));
    // 100 emoji are 200 UTF-16 units: cut between pairs, never inside one.
    expect(names[3]).toBe('😀'.repeat(100));
    expect(names.slice(4)).toEqual([m.unnamedPlace, 'spaced out']);
  });

  it('refuses wrong types in coordinates, naming the place', async () => {
    const json = (coordinates: unknown) => JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: { name: 'Odd' } });
    for (const coordinates of [['a', 'b'], [null, 1], [{}, []], [1e400, 2]]) {
      await expectRefusal('odd.geojson', json(coordinates), m.coordinatesOutOfRange('Odd'));
    }
  });

  it('answers folders nested ten thousand deep without a 5xx', async () => {
    const depth = 10_000;
    const kml = `<kml>${'<Folder><name>f</name>'.repeat(depth)}<Placemark><name>Deep</name><Point><coordinates>1,2</coordinates></Point></Placemark>${'</Folder>'.repeat(depth)}</kml>`;
    const answer = await preview('deep.kml', kml);
    expect(answer.status).toBeLessThan(500);
  });

  it('never answers 5xx to random bytes or corrupted fixtures, whatever the file is called', async () => {
    const fixtures = ['myMaps.kml', 'garmin.gpx', 'Saved Places.json', 'Want to go.csv', 'places.csv'].map((name) => fixtureBytes(name));
    fixtures.push(zipSync({ 'doc.kml': fixtureBytes('myMaps.kml') }));
    const corrupted = fc
      .tuple(fc.constantFrom(...fixtures), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }))
      .map(([bytes, flips]) => {
        const copy = bytes.slice();
        for (const [at, value] of flips) copy[at % copy.length] = value;
        return copy;
      });
    const file = fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 400 }), corrupted, fc.string({ minLength: 1, unit: 'binary' }).map((text) => strToU8(text)));
    const fileName = fc.constantFrom('a.gpx', 'a.kml', 'a.kmz', 'a.json', 'a.geojson', 'a.csv', 'a', '.gpx', 'A.GPX');
    await fc.assert(
      fc.asyncProperty(file, fileName, async (bytes, name) => {
        const answer = await preview(name, bytes);
        expect(answer.status, `${name}: ${answer.body.error}`).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.body.error).toEqual(expect.any(String));
      }),
      { numRuns: 150 },
    );
  });
});
