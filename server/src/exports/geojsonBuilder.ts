/**
 * GeoJSON (RFC 7946): a FeatureCollection with one Point per located stop in trip order (its
 * name, order, plan, description and notes as properties; an import reads `notes` back) and the route as
 * a LineString. Positions are [longitude, latitude]. JSON.stringify is the serializer: nothing here needs
 * escaping by hand.
 */
import { messages } from '@caravan/shared';
import { locatedStops, type ExportTrip } from './exportTrip.ts';
import { stopDescription } from './stopDescription.ts';

export function buildGeoJson(trip: ExportTrip): string {
  const points = locatedStops(trip).map((stop) => ({
    type: 'Feature' as const,
    id: stop.id,
    geometry: { type: 'Point' as const, coordinates: [stop.position.longitude, stop.position.latitude] },
    properties: {
      name: stop.name,
      number: stop.number,
      description: stopDescription(stop, trip.arrivalTime),
      address: stop.address,
      notes: stop.notes,
      plannedArrivalDate: stop.plannedDate,
      leaveBy: stop.leaveBy,
      driveMinutes: stop.driveMinutes,
      distanceKm: stop.driveLeg?.distanceKm ?? null,
      visited: stop.visited,
    },
  }));
  const route =
    trip.route.length > 1
      ? [
          {
            type: 'Feature' as const,
            id: 'route',
            geometry: { type: 'LineString' as const, coordinates: trip.route.map(([latitude, longitude]) => [longitude, latitude]) },
            properties: { name: messages.tripExport.file.route(trip.title) },
          },
        ]
      : [];
  return JSON.stringify({ type: 'FeatureCollection', name: trip.title, features: [...points, ...route] }, null, 2);
}
