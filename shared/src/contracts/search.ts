/** Place search: /_api/search/locations; points of interest: /_api/search/pois (docs/product.md#stops). */
import { z } from 'zod';
import { STOP_KINDS } from './stopKinds.ts';
import { messages } from '../messages.ts';
import { coordinateNumber, requestObject } from './common.ts';
import { LOCATION_SEARCH_MAX_NEAR_POINTS, POI_SEARCH_DEFAULT_RADIUS_KM } from '../constants.ts';

/** A point the search should favour places near: one of the trip's stops, or the map view's centre. */
export const ZNearPoint = z.strictObject(
  {
    latitude: coordinateNumber(-90, 90, messages.validation.invalidLatitude),
    longitude: coordinateNumber(-180, 180, messages.validation.invalidLongitude),
  },
  { error: messages.validation.nearPointsInvalid },
);

export const ZLocationSearchRequest = requestObject({
  query: z
    .string({ error: messages.validation.searchQueryEmpty })
    .trim()
    .min(1, messages.validation.searchQueryEmpty)
    .max(200, messages.validation.searchQueryEmpty),
  /**
   * Where the trip is: its stops (or the map view's centre). Places are then ranked by distance to the
   * nearest of these as well as by size; without it, by size alone.
   */
  near: z
    .array(ZNearPoint, { error: messages.validation.nearPointsInvalid })
    .max(LOCATION_SEARCH_MAX_NEAR_POINTS, messages.validation.tooManyNearPoints(LOCATION_SEARCH_MAX_NEAR_POINTS))
    .optional(),
});

/** Where a place came from: the geocoder (Photon, OpenStreetMap data) or the offline list (GeoNames). */
export const LOCATION_SOURCES = ['photon', 'offline'] as const;

export const ZLocationResult = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Said by the server's search, so the list can say "offline list" and credit the right source. */
  source: z.enum(LOCATION_SOURCES).optional(),
});

export const ZLocationSearchResponse = z.array(ZLocationResult);

/** The place at a point (reverse geocoding): what a stop's address becomes when its marker is moved. */
export const ZReverseGeocodeRequest = requestObject({
  latitude: coordinateNumber(-90, 90, messages.validation.invalidLatitude),
  longitude: coordinateNumber(-180, 180, messages.validation.invalidLongitude),
});

/** The nearest place the search knows (a street address online, a town offline), or null when none is near. */
export const ZReverseGeocodeResponse = z.object({ location: ZLocationResult.nullable() });

export type TReverseGeocodeRequest = z.infer<typeof ZReverseGeocodeRequest>;
export type TLocationSearchRequest = z.infer<typeof ZLocationSearchRequest>;
export type TNearPoint = z.infer<typeof ZNearPoint>;
export type TLocationResult = z.infer<typeof ZLocationResult>;

/** A number that may arrive as a numeric string; unlike stop coordinates, it must be present. */
const requiredNumber = (message: string) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), z.number({ error: message }));

export const ZPoiSearchRequest = requestObject({
  keyword: z
    .string({ error: messages.poiSearch.keywordEmpty })
    .trim()
    .min(1, messages.poiSearch.keywordEmpty)
    .max(200, messages.poiSearch.keywordEmpty),
  latitude: requiredNumber(messages.validation.invalidLatitude).pipe(
    z.number().min(-90, messages.validation.invalidLatitude).max(90, messages.validation.invalidLatitude),
  ),
  longitude: requiredNumber(messages.validation.invalidLongitude).pipe(
    z.number().min(-180, messages.validation.invalidLongitude).max(180, messages.validation.invalidLongitude),
  ),
  // The map asks with the distance from its centre to a corner, thousands of km zoomed out: no upper bound.
  radius: requiredNumber(messages.poiSearch.radiusNotPositive)
    .pipe(z.number().positive(messages.poiSearch.radiusNotPositive))
    .default(POI_SEARCH_DEFAULT_RADIUS_KM),
  category: z.string().trim().max(100).optional(),
});

export const ZPoi = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  category: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** What kind of stop it makes, and its OpenStreetMap opening hours, where the provider knows them: a stop added from it keeps both. */
  kind: z.enum(STOP_KINDS).optional(),
  openingHours: z.string().optional(),
});

export const ZPoiSearchResponse = z.array(ZPoi);

export type TPoiSearchRequest = z.infer<typeof ZPoiSearchRequest>;
export type TPoi = z.infer<typeof ZPoi>;
