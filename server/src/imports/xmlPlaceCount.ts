/**
 * Counts the places of a GPX or KML file as a stream (saxes), before any DOM is built, and refuses the file
 * at the first place past IMPORT_MAX_PLACES without reading the rest: a file of a million legal placemarks
 * costs what its first two thousand do. It counts only what the readers certainly turn into places (the same
 * rules as togeojson's and gpxPlaces'), so a file it lets through is judged as before; XML it cannot read
 * stops the count (as does a DOCTYPE) and is left to the readers' own parse and messages.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { IMPORT_MAX_PLACES } from '@caravan/shared';
import { tooManyPlaces } from './importedPlace.ts';

export type XmlFormat = 'GPX' | 'KML';

export interface PlaceCounter {
  /** The next piece of the document's text; throws the too-many-places refusal once the count passes the limit. */
  write(text: string): void;
}

type Counted = () => void;

/** A KML placemark is a place when a Point with coordinates sits in it, directly or in MultiGeometry (togeojson's getGeometry). */
const MULTI_GEOMETRY = new Set(['MultiGeometry', 'MultiTrack', 'gx:MultiTrack']);
/** A Point's coordinates hold a place when they parse as two numbers, as togeojson's coord1 reads them. */
const isPosition = (text: string) => text.replace(/\s+/g, '').split(',').filter((part) => !Number.isNaN(Number.parseFloat(part))).length >= 2;
/** More than any position needs: a hostile file's endless coordinates text is not kept. */
const COORDINATES_MAX_LENGTH = 200;

interface Placemark {
  hasPoint: boolean;
}

function countKml(parser: SaxesParser, counted: Counted): void {
  // For each open element, the placemark a Point directly inside it would belong to (null: none).
  const owners: Array<Placemark | null> = [];
  // The Point being read: its depth, and the text of its first <coordinates> (where togeojson reads it).
  let point: { owner: Placemark; depth: number; coordinates: string | null; coordinatesDepth: number } | null = null;
  parser.on('opentag', ({ name }: SaxesTagPlain) => {
    const parent = owners.length > 0 ? owners[owners.length - 1] : null;
    const depth = owners.length + 1;
    if (name === 'Placemark') owners.push({ hasPoint: false });
    else if (parent && MULTI_GEOMETRY.has(name)) owners.push(parent);
    else {
      if (parent && name === 'Point' && !point) point = { owner: parent, depth, coordinates: null, coordinatesDepth: 0 };
      else if (point && name === 'coordinates' && point.coordinates === null && !point.coordinatesDepth) point.coordinatesDepth = depth;
      owners.push(null);
    }
  });
  parser.on('text', (text) => {
    if (point?.coordinatesDepth) point.coordinates = ((point.coordinates ?? '') + text).slice(0, COORDINATES_MAX_LENGTH);
  });
  parser.on('closetag', ({ name }: SaxesTagPlain) => {
    const depth = owners.length;
    const owner = owners.pop();
    if (point?.coordinatesDepth === depth) {
      point.coordinatesDepth = 0;
      point.coordinates ??= '';
    } else if (point?.depth === depth) {
      if (isPosition(point.coordinates ?? '')) point.owner.hasPoint = true;
      point = null;
    } else if (name === 'Placemark' && owner?.hasPoint) counted();
  });
}

/** Every waypoint with a position (togeojson skips one without), and every route point (gpxPlaces reads them all). */
function countGpx(parser: SaxesParser, counted: Counted): void {
  let openRoutes = 0;
  parser.on('opentag', ({ name, attributes }: SaxesTagPlain) => {
    if (name === 'rte') openRoutes++;
    else if (name === 'rtept' && openRoutes > 0) counted();
    else if (name === 'wpt' && !Number.isNaN(Number.parseFloat(attributes.lat ?? '')) && !Number.isNaN(Number.parseFloat(attributes.lon ?? ''))) {
      counted();
    }
  });
  parser.on('closetag', ({ name }: SaxesTagPlain) => {
    if (name === 'rte') openRoutes--;
  });
}

export function xmlPlaceCounter(format: XmlFormat): PlaceCounter {
  // Qualified names, as the readers match them (getElementsByTagName); no namespace checks, no positions kept.
  const parser = new SaxesParser({ xmlns: false, position: false });
  let places = 0;
  let unreadable = false;
  const stop = () => {
    unreadable = true;
  };
  parser.on('error', stop);
  // A DOCTYPE is refused by its own rule (xmlDocument.ts), whatever the file holds after it.
  parser.on('doctype', stop);
  const counted = () => {
    // Past a parse error saxes goes on in a state of its own: its events no longer count.
    if (!unreadable && ++places > IMPORT_MAX_PLACES) throw tooManyPlaces();
  };
  if (format === 'KML') countKml(parser, counted);
  else countGpx(parser, counted);
  return {
    write(text) {
      if (!unreadable) parser.write(text);
    },
  };
}

/** Refuses a whole GPX or KML text holding more places than the limit, reading only up to the first one past it. */
export function countXmlPlaces(text: string, format: XmlFormat): void {
  xmlPlaceCounter(format).write(text);
}
