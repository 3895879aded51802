/** My Trips: SPEC-1 §5 and §7, /_api/trips (list, create, delete). */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { coordinate, tripId, ZTripRole, requestObject } from './common.ts';
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
/** A new trip as My Trips lists it: its creator owns it, and it holds its start stop. */
export const ZCreateTripResponse = ZTripListItem.extend({ role: z.literal('owner') });
export const ZDeleteTripResponse = z.object({ success: z.literal(true) });

export type TCreateTripRequest = z.infer<typeof ZCreateTripRequest>;
export type TDeleteTripRequest = z.infer<typeof ZDeleteTripRequest>;
export type TTripListItem = z.infer<typeof ZTripListItem>;
export type TCreateTripResponse = z.infer<typeof ZCreateTripResponse>;

