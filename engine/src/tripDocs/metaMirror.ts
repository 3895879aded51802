/**
 * Mirrors a trip's row into the document's `meta` map (trips live in PostgreSQL and reach
 * members through `meta`), and bumps change counters for rows outside the document (members, journals)
 * so connected clients know to refetch them. Call inside a `TripDocHub.write` transaction.
 */
import type * as Y from 'yjs';
import { metaMap, vehicleOf, type DocMeta } from '@caravan/shared';
import type { Trip } from '../entities/trip.ts';

type MirroredTrip = Pick<
  Trip,
  'title' | 'description' | 'routeMode' | 'isPublic' | 'heroImage' | 'arrivalTime' | 'dailyDriveLimitMinutes' | 'startDate' | 'departureTime' | 'earliestDeparture' | 'warnAfterSunset' | 'vehicle'
>;

export function mirrorTripMeta(doc: Y.Doc, trip: MirroredTrip) {
  const meta = metaMap(doc);
  const next: Partial<DocMeta> = {
    title: trip.title,
    description: trip.description,
    routeMode: trip.routeMode,
    isPublic: trip.isPublic,
    heroImage: trip.heroImage,
    arrivalTime: trip.arrivalTime,
    dailyDriveLimitMinutes: trip.dailyDriveLimitMinutes,
    startDate: trip.startDate,
    departureTime: trip.departureTime,
    earliestDeparture: trip.earliestDeparture,
    warnAfterSunset: trip.warnAfterSunset,
    vehicle: vehicleOf(trip.vehicle),
  };
  // The vehicle is an object: compared by its JSON, so an unchanged one is not written again.
  for (const [key, value] of Object.entries(next)) if (JSON.stringify(meta.get(key)) !== JSON.stringify(value)) meta.set(key, value);
}

export function bumpVersion(doc: Y.Doc, counter: 'membersVersion' | 'journalsVersion') {
  const meta = metaMap(doc);
  meta.set(counter, ((meta.get(counter) as number | undefined) ?? 0) + 1);
}
