/**
 * GPX 1.1 (issue 21; schema http://www.topografix.com/GPX/1/1/gpx.xsd): a route (<rte>) with the located
 * stops as route points in trip order, each with its name and plan, then the road as a track (<trk>) for
 * devices that follow a line (Garmin, OsmAnd). Element order follows the schema's sequences.
 */
import { messages } from '@caravan/shared';
import { locatedStops, type ExportTrip } from './exportTrip.ts';
import { stopDescription } from './stopDescription.ts';
import { degrees, xmlDocument } from './xmlDocument.ts';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';

export function buildGpx(trip: ExportTrip, now = new Date()): string {
  const gpx = xmlDocument().ele(GPX_NAMESPACE, 'gpx', { version: '1.1', creator: 'Caravan' });
  const metadata = gpx.ele('metadata');
  metadata.ele('name').txt(trip.title);
  if (trip.description) metadata.ele('desc').txt(trip.description);
  metadata.ele('time').txt(now.toISOString());

  const route = gpx.ele('rte');
  route.ele('name').txt(trip.title);
  for (const stop of locatedStops(trip)) {
    const point = route.ele('rtept', { lat: degrees(stop.position.latitude), lon: degrees(stop.position.longitude) });
    point.ele('name').txt(stop.name);
    const description = stopDescription(stop, trip.arrivalTime);
    if (description) point.ele('desc').txt(description);
  }

  if (trip.route.length > 1) {
    const track = gpx.ele('trk');
    track.ele('name').txt(messages.tripExport.file.route(trip.title));
    const segment = track.ele('trkseg');
    for (const [latitude, longitude] of trip.route) segment.ele('trkpt', { lat: degrees(latitude), lon: degrees(longitude) });
  }
  return gpx.end({ prettyPrint: true });
}
