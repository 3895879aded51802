/** "Along the route" texts (docs/product.md#along-the-route). */
import { formatDuration, type ChargingPlug, type CorridorCategory, type VehicleKind } from '@caravan/shared';

export const categoryLabels: Record<CorridorCategory, string> = {
  fuel: 'Fuel',
  charging: 'EV charging',
  restArea: 'Rest areas',
  campsite: 'Campsites',
  lodging: 'Lodging',
  food: 'Food',
  sight: 'Sights',
  toilets: 'Toilets',
};

export const plugLabels: Record<ChargingPlug, string> = { ccs: 'CCS', chademo: 'CHAdeMO', type2: 'Type 2', tesla: 'Tesla / NACS' };

/** "3 hours", "2 days": how old a kept answer is. */
function age(fetchedAt: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(fetchedAt)) / 60_000));
  if (minutes < 60) return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? 'an hour' : `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

export const corridorText = {
  open: 'Along the route',
  openHint: 'Find fuel, charging, food, rest and places to sleep along the route',
  openFrom: (name: string) => `Along the route from ${name}`,
  title: 'Along the route',
  description: 'Places near the route line, in the order you reach them, with the detour each adds.',
  stretch: 'Stretch',
  wholeTrip: 'Whole trip',
  leg: (from: string, to: string) => `${from} → ${to}`,
  categories: 'Looking for',
  charging: 'Charging',
  plugs: 'Plug',
  anyPlug: 'Any plug',
  minPower: 'Minimum power',
  anyPower: 'Any power',
  power: (kw: number) => `${kw} kW`,
  width: 'Distance from the route',
  widthOption: (km: number) => `${km} km either side`,
  search: 'Search',
  searching: 'Searching along the route…',
  searchFailed: 'Failed to search along the route',
  chooseCategory: 'Choose at least one category',
  results: 'Places along the route',
  found: (count: number, truncated: boolean) =>
    count === 0 ? 'Nothing found along the route.' : `${truncated ? 'The first ' : ''}${count === 1 ? '1 place' : `${count} places`} along the route.`,
  needsConnection: 'Searching along the route needs a connection to the places service.',
  cachedAge: (fetchedAt: string, now = Date.now()) => `Showing places found ${age(fetchedAt, now)} ago.`,
  offlineSights: 'Only the sights Caravan knows offline are shown.',
  missing: (distance: string) => `${distance} of the route could not be searched.`,
  along: (distance: string) => `${distance} along`,
  onLeg: (from: string, to: string) => `between ${from} and ${to}`,
  detour: (minutes: number, byRoad: boolean) => `+${minutes < 60 ? `${minutes} min` : formatDuration(minutes)} detour${byRoad ? ' by road' : ' (estimate)'}`,
  plugsAndPower: (plugs: string, kw: number | undefined) => [plugs, kw === undefined ? '' : `${kw} kW`].filter(Boolean).join(' · '),
  hours: (hours: string) => `Hours: ${hours}`,
  add: 'Add',
  addTo: (name: string) => `Add ${name} to the trip`,
  added: (name: string) => `${name} added to the trip`,
  inTrip: 'In the trip',
  legGone: 'That leg has changed since the search; search again',
  close: 'Close',
  detourNote: 'Detours are there and back from the nearest point of the route; an estimate goes by the straight line.',
} as const;

/** The stations offered where the car's range runs out (./StationOffer.tsx), worded by what the car takes. */
export const stationText = {
  find: (kind: VehicleKind) => (kind === 'electric' ? 'Find a charger' : kind === 'either' ? 'Find fuel or a charger' : 'Find fuel'),
  findLabel: (kind: VehicleKind, before: string) => `${stationText.find(kind)} before ${before}`,
  searching: 'Searching along the route…',
  heading: (kind: VehicleKind) => (kind === 'electric' ? 'Chargers within reach' : kind === 'either' ? 'Fuel and chargers within reach' : 'Fuel within reach'),
  found: (count: number) => (count === 1 ? '1 station within reach before the range runs out.' : `${count} stations within reach before the range runs out.`),
  none: 'No station within reach along the route, 5 km either side: add a stop that refuels before this one, or choose a wider search in Along the route.',
  added: (name: string) => `${name} added as a stop to refuel or charge.`,
  addTo: (name: string) => `Add ${name} to the trip as a fuel stop`,
} as const;
