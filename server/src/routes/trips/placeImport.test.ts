/**
 * POST /trips/stops/import-preview (docs/product.md#import-places), one file of each format as users export
 * them: what the preview lists (names, addresses, notes, coordinates, folders), that Takeout's saved lists are placed
 * through the embedded location search with the unfound listed, who may ask, and that nothing is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type TImportPreviewResponse } from '@caravan/shared';
import { base64, fixtureBytes, myMapsKmz } from '../../imports/fixtures/index.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const PATH = '/trips/stops/import-preview';
let crew: Crew;

beforeAll(async () => {
  crew = await tripWithCrew(t.server.deps.dataSource);
});

async function preview(fileName: string, bytes: Uint8Array, as: keyof Omit<Crew, 'trip'> = 'editor') {
  return t.api.post<TImportPreviewResponse & { error?: string }>(PATH, { tripId: crew.trip.id, fileName, data: base64(bytes) }, { as: crew[as] });
}

const summary = (body: TImportPreviewResponse) => body.places.map(({ name, latitude, longitude, folder }) => [name, latitude, longitude, folder]);

describe('import preview by format', () => {
  it('reads a Google My Maps KML with its layers as folders, skipping the directions line', async () => {
    const answer = await preview('Central Coast weekend.kml', fixtureBytes('myMaps.kml'));
    expect(answer.status).toBe(200);
    expect(answer.body.format).toBe('kml');
    expect(answer.body.folders).toEqual(['Coast', 'Inland']);
    expect(summary(answer.body)).toEqual([
      ['Santa Cruz Beach Boardwalk', 36.9642, -122.0177, 'Coast'],
      ['Monterey Bay Aquarium', 36.6182, -121.9019, 'Coast'],
      ['Pinnacles National Park', 36.4906, -121.1825, 'Inland'],
    ]);
    expect(answer.body.places[0]).toMatchObject({ address: '400 Beach St, Santa Cruz, CA 95060', notes: 'Giant Dipper first thing' });
    expect(answer.body.places[1].notes).toBe('Tickets booked for 10:00');
  });

  it('reads the same places from a KMZ (doc.kml inside a zip)', async () => {
    const kml = await preview('map.kml', fixtureBytes('myMaps.kml'));
    const kmz = await preview('Central Coast weekend.kmz', myMapsKmz());
    expect(kmz.status).toBe(200);
    expect(kmz.body).toEqual({ ...kml.body, format: 'kmz' });
  });

  it('reads a Garmin GPX: waypoints, route points, and each track as its start and end', async () => {
    const answer = await preview('Utah.gpx', fixtureBytes('garmin.gpx'));
    expect(answer.status).toBe(200);
    expect(answer.body.format).toBe('gpx');
    expect(summary(answer.body)).toEqual([
      ['Delicate Arch', 38.7331, -109.5925, null],
      ['Moab', 38.5733, -109.5498, null],
      ['Capitol Reef Visitor Center', 38.2919, -111.2615, null],
      ['Escalante', 37.8752, -111.4188, null],
      [messages.placeImport.trackStart('Morning ride'), 37.6283, -112.1677, null],
      [messages.placeImport.trackEnd('Morning ride'), 37.6542, -112.14, null],
    ]);
    expect(answer.body.places.map((place) => place.notes)).toEqual(['Sunset hike', 'Fuel and groceries', null, 'Lunch stop', null, null]);
    // The track's ends are marked, so the preview offers them unticked.
    expect(answer.body.places.map((place) => place.trackEnd)).toEqual([null, null, null, null, 'start', 'end']);
  });

  it("names a Takeout place saved without a title from its Maps link's /place/ or ?q= part", async () => {
    const feature = (properties: object, coordinates = [-124.4084, 43.1190]) => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties });
    const savedPlaces = {
      type: 'FeatureCollection',
      features: [
        feature({ google_maps_url: 'https://www.google.com/maps/place/Face+Rock+Viewpoint/@43.1,-124.4,17z', location: { address: 'Bandon, OR' } }),
        feature({ 'Google Maps URL': 'http://maps.google.com/?q=Bandon+Dunes,+Bandon,+OR+97411&ftid=0x54c4', Title: '', Location: {} }),
        feature({ google_maps_url: 'http://maps.google.com/?q=Caf%C3%A9+Mokka,+Coos+Bay', location: { name: '  ' } }),
        // Coordinates in the link are no name.
        feature({ google_maps_url: 'http://maps.google.com/?q=43.119,-124.408', location: {} }),
      ],
    };
    const answer = await preview('Saved Places.json', new TextEncoder().encode(JSON.stringify(savedPlaces)));
    expect(answer.status).toBe(200);
    expect(answer.body.places.map((place) => place.name)).toEqual([
      'Face Rock Viewpoint',
      'Bandon Dunes',
      'Café Mokka',
      messages.placeImport.unnamedPlace,
    ]);

    const list = ['Title,Note,URL', ',Views,https://www.google.com/maps/place/Cloud+Gate/data=!3d41.8826572!4d-87.6232618', ',,https://www.google.com/maps/search/Springfield+IL'].join('\n');
    const fromList = await preview('Want to go.csv', new TextEncoder().encode(list));
    expect(fromList.body.places.map((place) => [place.name, place.address])).toEqual([
      ['Cloud Gate', null],
      // No coordinates in the link: found by the name the link gives.
      ['Springfield IL', 'Springfield, IL, United States'],
    ]);
  });

  it("reads Google Takeout's Saved Places.json in both generations' spelling, placing a [0, 0] place from its link", async () => {
    const answer = await preview('Saved Places.json', fixtureBytes('Saved Places.json'));
    expect(answer.status).toBe(200);
    expect(answer.body.format).toBe('takeout-json');
    expect(summary(answer.body)).toEqual([
      ['Golden Gate Bridge', 37.8199, -122.4783, null],
      ['Pier 39', 37.808, -122.4102, null],
      ['Golden Gate Park', 37.7694, -122.4862, null],
    ]);
    expect(answer.body.places[1].address).toBe('Pier 39, San Francisco, CA 94133, United States');
    expect(answer.body.notFound).toEqual([{ name: 'A bakery we liked', address: 'Somewhere in the Mission' }]);
  });

  it('reads plain GeoJSON points', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [2.2945, 48.8584] }, properties: { name: 'Eiffel Tower', description: 'Top floor' } },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [[0, 1], [1, 2]] }, properties: { name: 'A line' } },
        { type: 'Feature', geometry: { type: 'MultiPoint', coordinates: [[2.3376, 48.8606]] }, properties: { title: 'Louvre' } },
      ],
    };
    const answer = await preview('paris.geojson', new TextEncoder().encode(JSON.stringify(geojson)));
    expect(answer.status).toBe(200);
    expect(answer.body.format).toBe('geojson');
    expect(summary(answer.body)).toEqual([
      ['Eiffel Tower', 48.8584, 2.2945, null],
      ['Louvre', 48.8606, 2.3376, null],
    ]);
    expect(answer.body.places[0].notes).toBe('Top floor');
  });

  it("places a Takeout saved list's titles through the location search, and lists the ones it cannot find", async () => {
    const answer = await preview('Want to go.csv', fixtureBytes('Want to go.csv'));
    expect(answer.status).toBe(200);
    expect(answer.body.format).toBe('takeout-csv');
    const [chicago, springfield, cloudGate] = answer.body.places;
    expect(answer.body.places).toHaveLength(3);
    // The gazetteer's places (GeoNames), with their address.
    expect(chicago).toMatchObject({ name: 'Chicago', address: 'Chicago, IL, United States', notes: 'Deep dish' });
    expect(chicago.latitude).toBeCloseTo(41.85, 1);
    expect(chicago.longitude).toBeCloseTo(-87.65, 1);
    expect(springfield).toMatchObject({ name: 'Springfield IL', address: 'Springfield, IL, United States', notes: 'Lincoln sites' });
    expect(springfield.latitude).toBeCloseTo(39.8, 1);
    // Coordinates in the link are used as they are.
    expect(cloudGate).toMatchObject({ name: 'Cloud Gate', latitude: 41.8826572, longitude: -87.6232618 });
    expect(answer.body.notFound).toEqual([{ name: 'Zzyzxq Qwertyuiop Diner', address: null }]);
  });

  it('reads a plain CSV whatever the case of its headers, with lat/lng aliases and quoted fields', async () => {
    const answer = await preview('chicago.csv', fixtureBytes('places.csv'));
    expect(answer.status).toBe(200);
    expect(answer.body.format).toBe('csv');
    expect(answer.body.places).toEqual([
      { name: 'Lincoln Park Zoo', address: '2001 N Clark St, Chicago, IL', notes: 'Free entry', latitude: 41.9214, longitude: -87.6339, folder: null, trackEnd: null },
      { name: 'Navy Pier', address: '600 E Grand Ave, Chicago, IL', notes: null, latitude: 41.8917, longitude: -87.6086, folder: null, trackEnd: null },
      { name: 'Millennium Park', address: null, notes: 'Concerts, "The Bean"', latitude: 41.8826, longitude: -87.6226, folder: null, trackEnd: null },
    ]);
  });

  it('tells the format from the content when the name says nothing', async () => {
    for (const [file, format] of [['garmin.gpx', 'gpx'], ['myMaps.kml', 'kml'], ['Saved Places.json', 'takeout-json'], ['places.csv', 'csv']] as const) {
      const answer = await preview('upload', fixtureBytes(file));
      expect(answer.body.format, file).toBe(format);
    }
    expect((await preview('', myMapsKmz())).body.format).toBe('kmz');
  });
});

describe('who may preview, and what it writes', () => {
  it('answers owners and editors, refuses viewers (403), hides the trip from outsiders (404), and writes nothing', async () => {
    const before = await tripSnapshot(t.server.deps, [crew.trip.id]);
    const statuses = Object.fromEntries(
      await Promise.all((['owner', 'editor', 'viewer', 'outsider'] as const).map(async (as) => [as, (await preview('map.kml', fixtureBytes('myMaps.kml'), as)).status])),
    );
    const anonymous = await t.api.post(PATH, { tripId: crew.trip.id, fileName: 'map.kml', data: base64(fixtureBytes('myMaps.kml')) });
    expect({ ...statuses, anonymous: anonymous.status }).toEqual({ owner: 200, editor: 200, viewer: 403, outsider: 404, anonymous: 401 });
    expect((await preview('map.kml', fixtureBytes('myMaps.kml'), 'viewer')).body.error).toBe(messages.common.forbidden);
    expect(await tripSnapshot(t.server.deps, [crew.trip.id])).toBe(before);
  });
});
