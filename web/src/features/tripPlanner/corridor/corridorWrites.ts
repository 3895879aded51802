/**
 * What "Along the route" writes into the trip document, through the shared stop writers: a found place added as a
 * stop inside the leg it lies on (right before the leg's second stop), with the stop kind its category implies and
 * its opening hours when the field takes them.
 */
import type * as Y from 'yjs';
import { addStop, orderedStops, planStopFields, type CorridorCategory, type StopKind, type TCorridorPlace } from '@caravan/shared';

const KINDS: Partial<Record<CorridorCategory, StopKind>> = {
  fuel: 'fuel',
  charging: 'fuel',
  campsite: 'lodging',
  lodging: 'lodging',
  food: 'food',
  sight: 'sight',
};

/** Adds the place right before its leg's second stop; false when the leg's stops are gone or no longer in that order. */
export function addCorridorStop(doc: Y.Doc, id: string, place: TCorridorPlace): boolean {
  const stops = orderedStops(doc);
  const from = stops.findIndex((stop) => stop.id === place.leg.fromStopId);
  const to = stops.findIndex((stop) => stop.id === place.leg.toStopId);
  if (from < 0 || to <= from) return false;
  const kind = KINDS[place.category];
  const hoursFit = place.openingHours !== undefined && planStopFields.openingHours.safeParse(place.openingHours).success;
  addStop(
    doc,
    id,
    { name: place.name, address: place.address || null, latitude: place.latitude, longitude: place.longitude, ...(kind && { kind }), ...(hoursFit && { openingHours: place.openingHours }) },
    to,
  );
  return true;
}
