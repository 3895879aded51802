/**
 * Notes in an imported file (docs/product.md#import-places), where each maker puts them: a GPX point's comment,
 * else its description (Garmin and OsmAnd write the user's text there), but never the description of Caravan's own
 * GPX (the plan: arrival, leave-by, drive); a KML placemark's ExtendedData "notes", else its description
 * (My Maps writes HTML with <br> line breaks); a GeoJSON feature's `notes`, else its description. Notes
 * longer than a stop may hold are cut to its limit, as names are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STOP_NOTES_MAX_LENGTH, type TImportPreviewResponse } from '@caravan/shared';
import { base64 } from '../../imports/fixtures/index.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
let crew: Crew;

beforeAll(async () => {
  crew = await tripWithCrew(t.server.deps.dataSource);
});

async function notesIn(fileName: string, text: string): Promise<Array<string | null>> {
  const answer = await t.api.post<TImportPreviewResponse>(
    '/trips/stops/import-preview',
    { tripId: crew.trip.id, fileName, data: base64(text) },
    { as: crew.editor },
  );
  expect(answer.status).toBe(200);
  return answer.body.places.map((place) => place.notes);
}

const gpx = (creator: string, points: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="${creator}">${points}</gpx>`;

describe('notes of an imported file', () => {
  it("GPX: the comment, else the description; in Caravan's own file the description is the plan, not notes", async () => {
    const points = `
      <wpt lat="1" lon="1"><name>Both</name><cmt>Book ahead</cmt><desc>Book ahead. Opens 9:00</desc></wpt>
      <wpt lat="2" lon="2"><name>Description only</name><desc>Sunset hike</desc></wpt>
      <wpt lat="3" lon="3"><name>Empty comment</name><cmt> </cmt><desc>Fuel</desc></wpt>
      <rte><rtept lat="4" lon="4"><name>Route point</name><cmt>Lunch &amp; a nap</cmt><desc>Lunch stop</desc></rtept>
        <rtept lat="5" lon="5"><name>Route point without comment</name><desc>Water refill</desc></rtept></rte>`;
    expect(await notesIn('OsmAnd.gpx', gpx('OsmAnd 4.8', points))).toEqual(['Book ahead', 'Sunset hike', 'Fuel', 'Lunch & a nap', 'Water refill']);
    expect(await notesIn('Caravan.gpx', gpx('Caravan', points))).toEqual(['Book ahead', null, null, 'Lunch & a nap', null]);
  });

  it("KML: ExtendedData notes, else the description as text (My Maps' HTML line breaks kept, tags dropped)", async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Data notes</name><description>Arrive: Saturday</description>
        <ExtendedData><Data name="notes"><value>Ring twice
Side door</value></Data></ExtendedData><Point><coordinates>1,1</coordinates></Point></Placemark>
      <Placemark><name>Empty data notes</name><description>Arrive: Sunday</description>
        <ExtendedData><Data name="notes"><value></value></Data></ExtendedData><Point><coordinates>2,2</coordinates></Point></Placemark>
      <Placemark><name>My Maps</name><description><![CDATA[Tickets booked<br>Gate <b>B</b><br/>10:00]]></description>
        <Point><coordinates>3,3</coordinates></Point></Placemark>
    </Document></kml>`;
    expect(await notesIn('places.kml', kml)).toEqual(['Ring twice\nSide door', null, 'Tickets booked\nGate B\n10:00']);
  });

  it('GeoJSON: notes, else the description; notes stated as null are none', async () => {
    const feature = (longitude: number, properties: object) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, 1] },
      properties,
    });
    const geojson = {
      type: 'FeatureCollection',
      features: [
        feature(1, { name: 'Notes', notes: 'Cash only', description: 'Arrive: Monday\nNotes: Cash only' }),
        feature(2, { name: 'Null notes', notes: null, description: 'Arrive: Tuesday' }),
        feature(3, { name: 'Description', description: 'Top floor' }),
      ],
    };
    expect(await notesIn('places.geojson', JSON.stringify(geojson))).toEqual(['Cash only', null, 'Top floor']);
  });

  it('cuts notes longer than a stop holds to its limit, without splitting a character', async () => {
    const long = `${'x'.repeat(STOP_NOTES_MAX_LENGTH - 1)}🦦 and more`;
    const [notes] = await notesIn('long.gpx', gpx('Garmin', `<wpt lat="1" lon="1"><name>Long</name><cmt>${long}</cmt></wpt>`));
    expect(notes).toBe('x'.repeat(STOP_NOTES_MAX_LENGTH - 1));
  });
});
