/**
 * GeoJSON (RFC 7946): a FeatureCollection with one Point per located stop in trip order (its
 * name, order, plan, description and notes as properties; an import reads `notes` back) and the route as
 * a LineString. Positions are [longitude, latitude]. JSON.stringify is the serializer: nothing here needs
 * escaping by hand.
 */
import { messages } from '@caravan/shared';
import { locatedStops, type ExportTrip } from './exportTrip.ts';
import { localDateTime } from './localTimes.ts';
import { stopDescription } from './stopDescription.ts';

export function buildGeoJson(trip: ExportTrip): string {
  const points = locatedStops(trip).map((stop) => ({
    type: 'Feature' as const,
    id: stop.id,
    geometry: { type: 'Point' as const, coordinates: [stop.position.longitude, stop.position.latitude] },
    properties: {
      name: stop.name,
      number: stop.number,
      description: stopDescription(stop, trip),
      address: stop.address,
      notes: stop.notes,
      plannedArrivalDate: stop.plannedDate,
      // Local wall clocks with their offset ('2026-06-24T10:40:00-07:00') and the zone they are read in.
      arrival: stop.times?.arrival ?? null,
      departure: stop.times?.departure ?? null,
      leaveBy: stop.leaveBy ? localDateTime(stop.leaveBy).toISO({ suppressMilliseconds: true }) : null,
      timeZone: stop.times?.timeZone ?? null,
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
