/** My Trips (docs/product.md#my-trips): /_api/trips (list, create, delete). */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { coordinate, tripId, ZTripRole, requestObject } from './common.ts';
import { moneyFields } from './moneyFields.ts';
import { TRIP_DESCRIPTION_MAX_LENGTH, TRIP_TITLE_MAX_LENGTH } from '../constants.ts';

const v = messages.validation;

const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional().nullable();

export const ZCreateTripRequest = requestObject({
  title: z.string({ error: v.titleRequired }).trim().min(1, v.titleRequired).max(TRIP_TITLE_MAX_LENGTH, v.titleTooLong),
  description: optionalText(TRIP_DESCRIPTION_MAX_LENGTH, v.descriptionTooLong),
  startLocationName: z
    .string({ error: v.startLocationNameRequired })
    .trim()
    .min(1, v.startLocationNameRequired)
    .max(TRIP_TITLE_MAX_LENGTH, v.titleTooLong),
  startLocationAddress: optionalText(500, v.descriptionTooLong),
  startLocationLatitude: coordinate(-90, 90, v.invalidLatitude),
  startLocationLongitude: coordinate(-180, 180, v.invalidLongitude),
  /** The trip's home currency for shared costs and lodging prices; the web sends its owner's locale's. Unset: EUR. */
  homeCurrency: moneyFields.currency.optional(),
});

export const ZDeleteTripRequest = requestObject({
  tripId: tripId(v.tripIdRequired),
});

export const ZTripListItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  stopCount: z.number(),
  createdAt: z.string(),
  role: ZTripRole,
});

export const ZTripListResponse = z.array(ZTripListItem);

/** At most this many points of a trip's route go to its My Trips thumbnail: enough for its shape. */
export const TRIP_PREVIEW_MAX_POINTS = 40;

/** A calendar date, 'YYYY-MM-DD'. */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What a My Trips card draws beside the list item, asked apart so the list keeps its own shape:
 * the route of its stops that have a position, as [longitude, latitude] rounded to 2 decimals (about 1 km),
 * in trip order, thinned to TRIP_PREVIEW_MAX_POINTS (first and last kept); for a trip shared with the
 * user, who shared it (who invited them, else the owner); and the trip's dates, its stops' earliest and latest
 * planned arrival (null while no stop has one).
 */
export const ZTripPreview = z.object({
  id: z.string(),
  route: z.array(z.tuple([z.number(), z.number()])).max(TRIP_PREVIEW_MAX_POINTS),
  sharedBy: z.string().nullable(),
  dates: z.object({ first: calendarDate, last: calendarDate }).nullable(),
});
export const ZTripPreviewsResponse = z.array(ZTripPreview);
/** A new trip as My Trips lists it: its creator owns it, and it holds its start stop. */
export const ZCreateTripResponse = ZTripListItem.extend({ role: z.literal('owner') });
export const ZDeleteTripResponse = z.object({ success: z.literal(true) });

export type TCreateTripRequest = z.infer<typeof ZCreateTripRequest>;
export type TDeleteTripRequest = z.infer<typeof ZDeleteTripRequest>;
export type TTripListItem = z.infer<typeof ZTripListItem>;
export type TCreateTripResponse = z.infer<typeof ZCreateTripResponse>;
export type TTripPreview = z.infer<typeof ZTripPreview>;

