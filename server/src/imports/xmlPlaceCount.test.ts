/**
 * The streaming place count of GPX and KML: past IMPORT_MAX_PLACES it refuses the file without reading on, and it
 * counts only what the readers turn into places, so no file the readers would take is refused by it.
 */
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_PLACES, messages } from '@caravan/shared';
import { gpxPlaces } from './gpxPlaces.ts';
import { kmlPlaces } from './kmlPlaces.ts';
import { countXmlPlaces } from './xmlPlaceCount.ts';

const tooMany = messages.placeImport.tooManyPlaces(IMPORT_MAX_PLACES.toLocaleString('en'));
const pastLimit = (fragment: string) => fragment.repeat(IMPORT_MAX_PLACES + 1);
const point = '<Point><coordinates>-87.6,41.9,0</coordinates></Point>';
const kml = (body: string) => `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
const gpx = (body: string) => `<?xml version="1.0"?><gpx version="1.1" creator="test">${body}</gpx>`;
/** One place the readers take, so a file of nothing else still has something to import. */
const oneKmlPlace = `<Placemark><name>Real</name>${point}</Placemark>`;
const oneGpxPlace = '<wpt lat="41.9" lon="-87.6"><name>Real</name></wpt>';

describe('KML', () => {
  it('refuses at the first placemark past the limit, without reading the rest', () => {
    // The rest is not even XML: read, it would be refused as unreadable instead.
    const text = kml(pastLimit(`<Placemark>${point}</Placemark>`)).replace('</Document>', '<<< not XML &&& </Document>');
    expect(() => countXmlPlaces(text, 'KML')).toThrow(tooMany);
    expect(() => kmlPlaces(text)).toThrow(tooMany);
    expect(() => countXmlPlaces(kml(pastLimit(`<Placemark><MultiGeometry><LineString/>${point}</MultiGeometry></Placemark>`)), 'KML')).toThrow(tooMany);
  });

  it('does not count what is not a place: lines, points outside a placemark or its geometry, points without coordinates', () => {
    for (const notAPlace of [
      '<Placemark><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark>',
      `<Placemark><ExtendedData>${point}</ExtendedData></Placemark>`,
      point,
      '<Placemark><Point><coordinates>12</coordinates></Point></Placemark>',
      '<Placemark><Point></Point></Placemark>',
    ]) {
      const text = kml(oneKmlPlace + pastLimit(notAPlace));
      expect(() => countXmlPlaces(text, 'KML'), notAPlace).not.toThrow();
      expect(kmlPlaces(text).places.map((place) => place.name), notAPlace).toEqual(['Real']);
    }
  });
});

describe('GPX', () => {
  it('refuses at the first waypoint or route point past the limit', () => {
    expect(() => countXmlPlaces(gpx(pastLimit(oneGpxPlace)), 'GPX')).toThrow(tooMany);
    expect(() => countXmlPlaces(gpx(`<rte>${pastLimit('<rtept lat="1" lon="2"/>')}</rte>`), 'GPX')).toThrow(tooMany);
  });

  it('does not count track points, waypoints without a position, or route points outside a route', () => {
    const cases: Array<[string, number]> = [
      // A track is its two ends, however many points it has.
      [`<trk><name>Drive</name><trkseg>${pastLimit('<trkpt lat="1" lon="2"/>')}</trkseg></trk>`, 3],
      [pastLimit('<wpt lat="north" lon="2"/>'), 1],
      [pastLimit('<rtept lat="1" lon="2"/>'), 1],
    ];
    for (const [notPlaces, places] of cases) {
      const text = gpx(oneGpxPlace + notPlaces);
      expect(() => countXmlPlaces(text, 'GPX'), notPlaces.slice(0, 40)).not.toThrow();
      expect(gpxPlaces(text).places, notPlaces.slice(0, 40)).toHaveLength(places);
    }
  });

  it('leaves a DOCTYPE to its own refusal, whatever follows it', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE gpx><gpx>${pastLimit(oneGpxPlace)}</gpx>`;
    expect(() => countXmlPlaces(text, 'GPX')).not.toThrow();
    expect(() => gpxPlaces(text)).toThrow(messages.placeImport.doctypeRefused);
  });
});
