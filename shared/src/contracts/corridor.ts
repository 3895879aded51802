/**
 * "Along the route" (docs/product.md#along-the-route): /_api/trips/corridor/search finds places of the asked
 * categories within a corridor either side of the route line (the road line where a leg has one, else the
 * straight estimate line), ordered by distance along the route, each with the leg it falls on and the detour it
 * adds. It writes nothing: the page adds a place to the live document as Add Manually does.
 */
import { z } from 'zod';
import { requestObject, stopIdInput, tripId } from './common.ts';

export const CORRIDOR_CATEGORIES = ['fuel', 'charging', 'restArea', 'campsite', 'lodging', 'food', 'sight', 'toilets'] as const;
export type CorridorCategory = (typeof CORRIDOR_CATEGORIES)[number];

export const CORRIDOR_WIDTHS_KM = [2, 5, 10] as const;
export type CorridorWidthKm = (typeof CORRIDOR_WIDTHS_KM)[number];

/** EV plug types as OpenStreetMap's socket:* tags name them (Tesla covers its Supercharger and NACS sockets). */
export const CHARGING_PLUGS = ['ccs', 'chademo', 'type2', 'tesla'] as const;
export type ChargingPlug = (typeof CHARGING_PLUGS)[number];
export const CHARGING_MIN_POWERS_KW = [11, 22, 50, 150] as const;

/**
 * The longest stretch of route one search covers: a long day's drive three times over. Past it the server would
 * ask the POI service for a country at once; the page asks per leg or per stretch instead.
 */
export const MAX_CORRIDOR_KM = 1500;
/** Results one search answers, the nearest along the route first. */
export const MAX_CORRIDOR_RESULTS = 1000;

export const corridorMessages = {
  invalidCategories: `Categories must be a list of: ${CORRIDOR_CATEGORIES.join(', ')}`,
  noCategories: 'Choose at least one category',
  duplicateCategory: 'Each category can be asked for only once',
  invalidWidth: `Corridor width must be one of ${CORRIDOR_WIDTHS_KM.join(', ')} km`,
  invalidPlugs: `Plug types must be a list of: ${CHARGING_PLUGS.join(', ')}`,
  duplicatePlug: 'Each plug type can be asked for only once',
  invalidMinPower: `Minimum charging power must be one of ${CHARGING_MIN_POWERS_KW.join(', ')} kW`,
  unknownStop: 'The stretch must start and end at stops of this trip that have a position',
  backwards: 'The stretch must end at a stop after the one it starts from',
  tooFewStops: 'Searching along the route needs at least two stops with a position on the map',
  tooManySearches: (perMinute: number) => `You can search along the route ${perMinute} times a minute; wait a moment and search again`,
  tooLong: (km: number) => `That stretch of route is ${Math.round(km)} km; search at most ${MAX_CORRIDOR_KM} km at a time (choose a leg or a shorter stretch)`,
} as const;

const m = corridorMessages;

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.number({ error: message }).refine((value) => (values as readonly number[]).includes(value), message);

const distinct = <T>(list: T[]) => new Set(list).size === list.length;

export const ZCorridorSearchRequest = requestObject({
  tripId: tripId(),
  /** The stretch: from this stop to `toStopId` along the trip's order; the whole trip when both are absent. */
  fromStopId: stopIdInput(m.unknownStop).optional(),
  toStopId: stopIdInput(m.unknownStop).optional(),
  categories: z
    .array(z.enum(CORRIDOR_CATEGORIES, { error: m.invalidCategories }), { error: m.invalidCategories })
    .min(1, m.noCategories)
    .max(CORRIDOR_CATEGORIES.length, m.duplicateCategory)
    .refine(distinct, m.duplicateCategory),
  widthKm: oneOf(CORRIDOR_WIDTHS_KM, m.invalidWidth).default(5),
  /** Charging stations with at least one of these plugs (only those that say which they have). */
  plugs: z
    .array(z.enum(CHARGING_PLUGS, { error: m.invalidPlugs }), { error: m.invalidPlugs })
    .max(CHARGING_PLUGS.length, m.duplicatePlug)
    .refine(distinct, m.duplicatePlug)
    .default([]),
  /** Charging stations known to deliver at least this much (kW). */
  minPowerKw: oneOf(CHARGING_MIN_POWERS_KW, m.invalidMinPower).nullable().default(null),
});

export const ZCorridorPlace = z.object({
  /** The provider's id ("osm:node/123"). */
  id: z.string(),
  name: z.string(),
  category: z.enum(CORRIDOR_CATEGORIES),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** From the stretch's first stop along the route line, 0.1 km. */
  alongKm: z.number(),
  /** From the route line, straight, 0.1 km. */
  offRouteKm: z.number(),
  /** The leg it falls on: the located stops either side of it. */
  leg: z.object({ fromStopId: z.string(), toStopId: z.string() }),
  /** Minutes the detour adds (there and back from the nearest point of the route), whole minutes. */
  detourMinutes: z.number().int(),
  /** Who measured it: the road provider (OSRM, for the first places along the route) or the estimate (straight line × road factor at the average speed). */
  detourSource: z.enum(['osrm', 'estimate']),
  /** As OpenStreetMap's opening_hours has them, when known. */
  openingHours: z.string().optional(),
  /** For charging: the plugs and the highest power it says it has. */
  plugs: z.array(z.enum(CHARGING_PLUGS)).optional(),
  powerKw: z.number().optional(),
});

export const ZCorridorSearchResponse = z.object({
  places: z.array(ZCorridorPlace),
  /** Kilometres of route searched, 0.1 km. */
  routeKm: z.number(),
  /** 'live': all asked now or kept fresh; 'cached': the provider did not answer and kept answers stand in; 'offline': no POI service is configured or reachable. */
  connection: z.enum(['live', 'cached', 'offline']),
  /** When the oldest answer used was fetched (ISO); null when nothing was. */
  fetchedAt: z.string().nullable(),
  /** Parts of the route the answer does not cover (the provider did not answer and nothing was kept for them). */
  missingKm: z.number(),
  /** More places matched than MAX_CORRIDOR_RESULTS: the nearest along the route are kept. */
  truncated: z.boolean(),
});

export type TCorridorSearchRequest = z.infer<typeof ZCorridorSearchRequest>;
export type TCorridorPlace = z.infer<typeof ZCorridorPlace>;
export type TCorridorSearchResponse = z.infer<typeof ZCorridorSearchResponse>;
