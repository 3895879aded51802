/**
 * KML 2.2 (docs/product.md#export), as Google Earth and My Maps read it: a Document named for the trip with one
 * Placemark per located stop (name, plan as description, notes as ExtendedData, Point) in trip order, then one
 * Placemark holding the route as a LineString. KML writes coordinates longitude first. The notes Data is
 * written even when empty: it tells an import that this file states the notes, so the description (the
 * plan) is not taken for them.
 */
import { messages } from '@caravan/shared';
import { KML_NOTES_DATA } from './caravanFileMarks.ts';
import { locatedStops, type ExportTrip } from './exportTrip.ts';
import { stopDescription } from './stopDescription.ts';
import { degrees, xmlDocument, xmlText } from './xmlDocument.ts';

const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

const kmlCoordinates = (latitude: number, longitude: number) => `${degrees(longitude)},${degrees(latitude)}`;

export function buildKml(trip: ExportTrip): string {
  const document = xmlDocument().ele(KML_NAMESPACE, 'kml').ele('Document');
  document.ele('name').txt(xmlText(trip.title));
  if (trip.description) document.ele('description').txt(xmlText(trip.description));

  for (const stop of locatedStops(trip)) {
    const placemark = document.ele('Placemark', { id: `stop-${stop.id}` });
    placemark.ele('name').txt(xmlText(stop.name));
    const description = stopDescription(stop, trip);
    if (description) placemark.ele('description').txt(xmlText(description));
    placemark.ele('ExtendedData').ele('Data', { name: KML_NOTES_DATA }).ele('value').txt(xmlText(stop.notes ?? ''));
    placemark.ele('Point').ele('coordinates').txt(kmlCoordinates(stop.position.latitude, stop.position.longitude));
  }

  if (trip.route.length > 1) {
    const placemark = document.ele('Placemark', { id: 'route' });
    placemark.ele('name').txt(xmlText(messages.tripExport.file.route(trip.title)));
    const line = placemark.ele('LineString');
    line.ele('tessellate').txt('1');
    line.ele('coordinates').txt(trip.route.map(([latitude, longitude]) => kmlCoordinates(latitude, longitude)).join(' '));
  }
  return document.end({ prettyPrint: true });
}
