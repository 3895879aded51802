/**
 * What an OpenStreetMap place's tags say about a stop made from it: its kind (the tag that names the place,
 * mapped to a stop kind) and its `opening_hours`, kept only when the parser reads it and it fits a stop's field.
 */
import { planStopFields, type StopKind } from '@caravan/shared';

/** Tag values naming each kind, by tag key; a key alone (`shop`) is any value of it. */
const KINDS: ReadonlyArray<[key: string, values: readonly string[] | 'any', kind: StopKind]> = [
  ['tourism', ['hotel', 'motel', 'camp_site', 'guest_house', 'hostel', 'chalet', 'caravan_site'], 'lodging'],
  ['tourism', ['museum', 'attraction', 'viewpoint', 'gallery', 'zoo', 'aquarium', 'theme_park'], 'sight'],
  ['historic', 'any', 'sight'],
  ['amenity', ['restaurant', 'cafe', 'fast_food', 'bar', 'pub', 'food_court', 'ice_cream'], 'food'],
  ['amenity', ['fuel', 'charging_station'], 'fuel'],
  ['leisure', ['park', 'nature_reserve', 'beach_resort'], 'nature'],
  ['boundary', ['national_park', 'protected_area'], 'nature'],
  ['natural', 'any', 'nature'],
  ['shop', 'any', 'shopping'],
];

export function stopKindOf(tags: Record<string, string>): StopKind | undefined {
  for (const [key, values, kind] of KINDS) {
    const value = tags[key]?.split(';')[0].trim();
    if (value && (values === 'any' || values.includes(value))) return kind;
  }
  return undefined;
}

/** The place's opening hours as a stop may hold them, or undefined. */
export function openingHoursOf(tags: Record<string, string>): string | undefined {
  const hours = tags.opening_hours?.trim();
  return hours && planStopFields.openingHours.safeParse(hours).success ? hours : undefined;
}
