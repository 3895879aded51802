/**
 * GPX (Garmin, OsmAnd, most GPS apps): every waypoint, every route point, and each track as its start and
 * end (a recorded track has thousands of points; where it began and ended are the places, marked as a track's
 * ends so the preview offers them unticked: often a car park or a home, not a stop). togeojson reads
 * waypoints and tracks; it turns a route into a bare line and drops its points' names, so route points are
 * read from the same DOM. A track end lying on one of the file's waypoints or route points is that named
 * place already, and is left out: a planner's GPX (Caravan's own export among them) draws its route as a
 * track from the first stop to the last, and importing it must not add those two stops a second time.
 * A point's notes are its comment (<cmt>, where Caravan writes a stop's notes), else its description
 * (<desc>, where Garmin and OsmAnd put the user's text); but in Caravan's own file <desc> is the readable
 * plan (arrival, leave-by, drive), which is not notes, so there only <cmt> is read.
 */
import { gpx } from '@tmcw/togeojson';
import type { Element } from '@xmldom/xmldom';
import type { Feature, Position } from 'geojson';
import { messages, type TImportedPlace } from '@caravan/shared';
import { GPX_CREATOR } from '../exports/caravanFileMarks.ts';
import { importedPlace, refuse, someFound, type ImportedFile } from './importedPlace.ts';
import { parseXml } from './xmlDocument.ts';
import { countXmlPlaces } from './xmlPlaceCount.ts';

const m = messages.placeImport;

const positionKey = ({ latitude, longitude }: TImportedPlace) => `${latitude},${longitude}`;

const childText = (element: Element, tag: string) => element.getElementsByTagName(tag)[0]?.textContent ?? null;

type NotesOf = (comment: unknown, description: unknown) => unknown;

/** A point's notes from its comment and description; an empty comment is no comment. */
const notesReader =
  (caravanFile: boolean): NotesOf =>
  (comment, description) =>
    (typeof comment === 'string' && comment.trim() !== '') || caravanFile ? comment : description;

function routePoints(element: Element, notesOf: NotesOf): TImportedPlace[] {
  return Array.from(element.getElementsByTagName('rtept'), (point) =>
    importedPlace({
      name: childText(point, 'name'),
      notes: notesOf(childText(point, 'cmt'), childText(point, 'desc')),
      latitude: point.getAttribute('lat'),
      longitude: point.getAttribute('lon'),
    }),
  );
}

/** A track's first and last positions, across its segments. */
function trackEnds(feature: Feature): TImportedPlace[] {
  const { geometry } = feature;
  const lines: Position[][] =
    geometry.type === 'LineString' ? [geometry.coordinates] : geometry.type === 'MultiLineString' ? geometry.coordinates : [];
  const positions = lines.flat();
  if (positions.length === 0) return [];
  const track = typeof feature.properties?.name === 'string' ? feature.properties.name : m.unnamedPlace;
  const ends = positions.length === 1 ? [positions[0]] : [positions[0], positions[positions.length - 1]];
  return ends.map((position, index) =>
    importedPlace({
      name: ends.length === 1 ? track : index === 0 ? m.trackStart(track) : m.trackEnd(track),
      latitude: position[1],
      longitude: position[0],
      trackEnd: index === 0 ? 'start' : 'end',
    }),
  );
}

export function gpxPlaces(text: string): ImportedFile {
  countXmlPlaces(text, 'GPX');
  const doc = parseXml(text, 'GPX');
  if (doc.documentElement?.localName !== 'gpx') throw refuse(m.notGpx);
  const notesOf = notesReader(doc.documentElement.getAttribute('creator') === GPX_CREATOR);
  // In the order GPX lays them out (waypoints, routes, tracks), whatever order togeojson yields them in.
  const waypoints: TImportedPlace[] = [];
  const trackPlaces: TImportedPlace[] = [];
  for (const feature of gpx(doc).features) {
    const properties = feature.properties ?? {};
    if (feature.geometry?.type === 'Point') {
      const [longitude, latitude] = feature.geometry.coordinates;
      waypoints.push(importedPlace({ name: properties.name, notes: notesOf(properties.cmt, properties.desc), latitude, longitude }));
    } else if (properties._gpxType === 'trk') {
      trackPlaces.push(...trackEnds(feature));
    }
  }
  const routePlaces = Array.from(doc.getElementsByTagName('rte')).flatMap((route) => routePoints(route, notesOf));
  const named = new Set([...waypoints, ...routePlaces].map(positionKey));
  const places = [...waypoints, ...routePlaces, ...trackPlaces.filter((end) => !named.has(positionKey(end)))];
  return someFound({ format: 'gpx', places, notFound: [] });
}
