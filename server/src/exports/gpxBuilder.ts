/**
 * GPX 1.1 (schema http://www.topografix.com/GPX/1/1/gpx.xsd): a route (<rte>) with the located
 * stops as route points in trip order, each with its name, its notes as the comment (<cmt>, so an import
 * gets them back apart from the plan) and its plan as the description (<desc>, what devices show), then the
 * road as a track (<trk>) for devices that follow a line (Garmin, OsmAnd). Element order follows the
 * schema's sequences (name, cmt, desc). The creator "Caravan" tells the import that <desc> is the plan.
 */
import { messages } from '@caravan/shared';
import { GPX_CREATOR } from './caravanFileMarks.ts';
import { locatedStops, type ExportTrip } from './exportTrip.ts';
import { stopDescription } from './stopDescription.ts';
import { degrees, xmlDocument, xmlText } from './xmlDocument.ts';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';

export function buildGpx(trip: ExportTrip, now = new Date()): string {
  const gpx = xmlDocument().ele(GPX_NAMESPACE, 'gpx', { version: '1.1', creator: GPX_CREATOR });
  const metadata = gpx.ele('metadata');
  metadata.ele('name').txt(xmlText(trip.title));
  if (trip.description) metadata.ele('desc').txt(xmlText(trip.description));
  metadata.ele('time').txt(now.toISOString());

  const route = gpx.ele('rte');
  route.ele('name').txt(xmlText(trip.title));
  for (const stop of locatedStops(trip)) {
    const point = route.ele('rtept', { lat: degrees(stop.position.latitude), lon: degrees(stop.position.longitude) });
    point.ele('name').txt(xmlText(stop.name));
    if (stop.notes) point.ele('cmt').txt(xmlText(stop.notes));
    const description = stopDescription(stop, trip.arrivalTime);
    if (description) point.ele('desc').txt(xmlText(description));
  }

  if (trip.route.length > 1) {
    const track = gpx.ele('trk');
    track.ele('name').txt(xmlText(messages.tripExport.file.route(trip.title)));
    const segment = track.ele('trkseg');
    for (const [latitude, longitude] of trip.route) segment.ele('trkpt', { lat: degrees(latitude), lon: degrees(longitude) });
  }
  return gpx.end({ prettyPrint: true });
}
