/**
 * The corridor search's categories as OpenStreetMap tags them: the Overpass selectors that ask for each, and what a
 * place's tags say back (its category, a name for one that has none, its plugs and power when it charges).
 */
import type { ChargingPlug, CorridorCategory } from '@caravan/shared';

/** Tag key, then the values that make a place of the category, per category (one key each). */
export const CATEGORY_TAGS: Record<CorridorCategory, [key: string, values: readonly string[]]> = {
  fuel: ['amenity', ['fuel']],
  charging: ['amenity', ['charging_station']],
  restArea: ['highway', ['rest_area', 'services']],
  campsite: ['tourism', ['camp_site', 'caravan_site']],
  lodging: ['tourism', ['hotel', 'motel', 'guest_house', 'hostel', 'chalet']],
  food: ['amenity', ['restaurant', 'cafe', 'fast_food', 'food_court']],
  sight: ['tourism', ['attraction', 'viewpoint', 'museum', 'gallery', 'zoo', 'theme_park']],
  toilets: ['amenity', ['toilets']],
};

/** What a nameless place is called (a fuel station or a toilet often has no name in OpenStreetMap). */
const UNNAMED: Record<CorridorCategory, string> = {
  fuel: 'Fuel station',
  charging: 'Charging station',
  restArea: 'Rest area',
  campsite: 'Campsite',
  lodging: 'Lodging',
  food: 'Food',
  sight: 'Sight',
  toilets: 'Toilets',
};

/** The first of `categories` the tags make the place, if any. */
export function corridorCategoryOf(tags: Record<string, string>, categories: readonly CorridorCategory[]): CorridorCategory | undefined {
  return categories.find((category) => {
    const [key, values] = CATEGORY_TAGS[category];
    const value = tags[key]?.split(';')[0].trim();
    return value !== undefined && values.includes(value);
  });
}

export const corridorNameOf = (tags: Record<string, string>, category: CorridorCategory) =>
  tags.name?.trim() || tags.brand?.trim() || tags.operator?.trim() || UNNAMED[category];

/** socket:* keys of each plug type (CCS in both its forms; Tesla's own sockets and NACS). */
const PLUG_SOCKETS: Record<ChargingPlug, readonly string[]> = {
  ccs: ['type2_combo', 'type1_combo'],
  chademo: ['chademo'],
  type2: ['type2', 'type2_cable'],
  tesla: ['tesla_supercharger', 'tesla_destination', 'tesla_supercharger_ccs', 'nacs'],
};

const present = (value: string | undefined) => value !== undefined && value.trim() !== '' && value.trim() !== 'no' && value.trim() !== '0';

export function plugsOf(tags: Record<string, string>): ChargingPlug[] {
  return (Object.keys(PLUG_SOCKETS) as ChargingPlug[]).filter((plug) => PLUG_SOCKETS[plug].some((socket) => present(tags[`socket:${socket}`])));
}

/** "150 kW", "22kW;11 kW", "50000 W" → kW; undefined when unreadable. */
function kilowatts(value: string): number | undefined {
  const readings = [...value.matchAll(/(\d+(?:[.,]\d+)?)\s*(mw|kw|w|kva)?/gi)].map(([, number, unit]) => {
    const amount = Number(number.replace(',', '.'));
    const scale = { mw: 1000, kw: 1, kva: 1, w: 0.001 }[unit?.toLowerCase() ?? 'kw'] ?? 1;
    return amount * scale;
  });
  const highest = Math.max(...readings.filter(Number.isFinite));
  return Number.isFinite(highest) && highest > 0 ? highest : undefined;
}

/** The highest power any of its sockets (or the station) says it delivers, kW. */
export function powerOf(tags: Record<string, string>): number | undefined {
  const powers = Object.entries(tags)
    .filter(([key]) => /^socket:[a-z0-9_]+:output$/.test(key) || key === 'charging_station:output')
    .map(([, value]) => kilowatts(value))
    .filter((kw): kw is number => kw !== undefined);
  return powers.length ? Math.max(...powers) : undefined;
}
