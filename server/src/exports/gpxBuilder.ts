/**
 * GPX 1.1 (schema http://www.topografix.com/GPX/1/1/gpx.xsd): a route (<rte>) with the located
 * stops as route points in trip order, each with its scheduled arrival (<time>, UTC) when the trip is timed, its
 * name, its notes as the comment (<cmt>, so an import gets them back apart from the plan) and its plan as the
 * description (<desc>, what devices show), then the road as tracks (<trk>) for devices that follow a line (Garmin,
 * OsmAnd): one per day of a timed trip ("Day 1 — Wed 24 Jun: Seattle → Port Angeles"), its legs' road, else one
 * for the whole route. Element order follows the schema's sequences (time, name, cmt, desc). The creator "Caravan"
 * tells the import that <desc> is the plan.
 */
import { messages } from '@caravan/shared';
import { GPX_CREATOR } from './caravanFileMarks.ts';
import { locatedStops, stopById, type ExportTrip } from './exportTrip.ts';
import { formatShortDate } from './localTimes.ts';
import { routeLine, type LatLng } from './routeLine.ts';
import { stopDescription } from './stopDescription.ts';
import { degrees, xmlDocument, xmlText } from './xmlDocument.ts';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const text = messages.tripExport.file;

/** Each track's name and line: the trip's days, or the whole route for an untimed trip. */
function tracks(trip: ExportTrip): Array<{ name: string; line: LatLng[] }> {
  if (trip.days.length === 0) return [{ name: text.route(trip.title), line: trip.route }];
  const byId = stopById(trip);
  return trip.days.map((day) => {
    const from = byId.get(day.fromStopId)!;
    const to = byId.get(day.toStopId)!;
    // The day's road leaves from where the group is: its first stop, or the last one on the map before it.
    const start = trip.stops.findLastIndex((stop, index) => index <= from.number - 1 && stop.position !== null);
    const line = routeLine(trip.stops.slice(Math.max(start, 0), to.number));
    return { name: text.dayTrack(day.day, formatShortDate(day.date), from.name, to.name), line };
  });
}

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
    if (stop.times) point.ele('time').txt(new Date(stop.times.arrivalMs).toISOString());
    point.ele('name').txt(xmlText(stop.name));
    if (stop.notes) point.ele('cmt').txt(xmlText(stop.notes));
    const description = stopDescription(stop, trip);
    if (description) point.ele('desc').txt(xmlText(description));
  }

  for (const { name, line } of tracks(trip)) {
    if (line.length < 2) continue;
    const track = gpx.ele('trk');
    track.ele('name').txt(xmlText(name));
    const segment = track.ele('trkseg');
    for (const [latitude, longitude] of line) segment.ele('trkpt', { lat: degrees(latitude), lon: degrees(longitude) });
  }
  return gpx.end({ prettyPrint: true });
}
