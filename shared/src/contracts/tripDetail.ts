/**
 * The trip detail page's calls that are not about journals, dates or collaboration (docs/product.md#trip-page)
 * /_api/trips/details, /trips/stops (add, reorder, delete, toggle-visited, update-content), /trips/share,
 * /trips/public and /trips/route-mode.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { ZDriveLeg } from '../road/driveLeg.ts';
import { coordinateInput, stopIdInput, tripId, trimmedInput, ZTripRole, requestObject } from './common.ts';
import { isImageDataUrl, ZJournalEntry } from './journal.ts';
import { STOP_KINDS, ZLodging } from './planFields.ts';
import { ZRoadSettings } from './roadSettings.ts';
import { photoList, stopFields, storedPhoto } from './stopFields.ts';

const s = messages.stops;

/** A share token is 16 random bytes in base64url (22 characters); anything much longer is not one (404). */
export const SHARE_TOKEN_MAX_LENGTH = 100;

const stopId = (message: string = s.invalidId) => z.string({ error: message }).uuid(message);

/** Optional text, trimmed: absent or blank becomes null. */
const optionalText = <Text extends z.ZodType<string | null>>(field: Text) =>
  z
    .preprocess(trimmedInput, field)
    .optional()
    .transform((value) => value || null);

export const ZTripDetailsRequest = requestObject({ tripId: tripId() });

export const ZAddStopRequest = requestObject({
  tripId: tripId(),
  name: z.preprocess(trimmedInput, stopFields.name),
  address: optionalText(stopFields.address),
  latitude: z.preprocess(coordinateInput, stopFields.latitude),
  longitude: z.preprocess(coordinateInput, stopFields.longitude),
  notes: optionalText(stopFields.notes),
});

/** Optional text, trimmed: absent stays absent (the value is kept), blank or null becomes null (cleared). */
const keptOrClearedText = <Text extends z.ZodType<string | null>>(field: Text) =>
  z
    .preprocess(trimmedInput, field)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * A stop's own details: each field given is written, each left out keeps its value; address and notes blank or
 * null clear it. Latitude and longitude come as a pair, so a half-moved stop is never stored.
 */
export const ZUpdateStopDetailsRequest = requestObject({
  tripId: tripId(),
  stopId: stopIdInput(),
  name: z.preprocess(trimmedInput, stopFields.name).optional(),
  address: keptOrClearedText(stopFields.address),
  notes: keptOrClearedText(stopFields.notes),
  latitude: z.preprocess(coordinateInput, stopFields.latitude).optional(),
  longitude: z.preprocess(coordinateInput, stopFields.longitude).optional(),
}).refine(
  (body) => (body.latitude === undefined) === (body.longitude === undefined),
  { message: s.positionNeedsBoth, path: ['latitude'] },
);

export const ZReorderStopRequest = requestObject({
  tripId: tripId(),
  stopId: stopId(),
  /** Where the stop ends up, 0-based; past the end means last. */
  newOrder: z.number({ error: s.invalidNewOrder }).int(s.invalidNewOrder).min(0, s.invalidNewOrder),
});

export const ZDeleteStopRequest = requestObject({
  tripId: tripId(messages.validation.tripIdRequired),
  stopId: stopId(s.idRequired),
});

export const ZToggleVisitedRequest = requestObject({ tripId: tripId(), stopId: stopId() });

/** A data URL of a 5 MB image is about 7 MB of base64; the server judges the decoded size (413). */
const MAX_DATA_URL_LENGTH = 8_000_000;

/** A legacy photo: a new image as a `data:image/...` string (the server stores it and keeps its URL), or a photo as stops keep them. */
const legacyPhoto = z
  .string({ error: messages.journal.invalidPhotos })
  .max(MAX_DATA_URL_LENGTH, messages.journal.invalidPhotos)
  .refine((value) => isImageDataUrl(value) || storedPhoto.safeParse(value).success, messages.journal.invalidPhotos);

export const ZUpdateStopContentRequest = requestObject({
  tripId: tripId(),
  stopId: stopId(),
  journalContent: stopFields.journalContent.optional().transform((value) => (value?.trim() ? value : null)),
  photos: photoList(legacyPhoto)
    .nullish()
    .transform((value) => value ?? []),
});

export const ZShareTripRequest = requestObject({
  tripId: tripId(),
  isPublic: z.boolean({ error: messages.tripSettings.invalidIsPublic }),
});

export const ZPublicTripRequest = requestObject({
  shareToken: z
    .string({ error: messages.tripSettings.shareTokenRequired })
    .min(1, messages.tripSettings.shareTokenRequired),
});

export const ZRouteModeRequest = requestObject({
  tripId: tripId(),
  routeMode: z.boolean({ error: messages.tripSettings.invalidRouteMode }),
});

/** A stop as every trip view reads it. */
export const ZTripStop = z.object({
  id: z.string(),
  tripId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** 0-based position in the trip. */
  stopOrder: z.number().int(),
  visited: z.boolean(),
  /** ISO timestamp while visited. */
  visitedAt: z.string().nullable(),
  plannedArrivalDate: z.string().nullable(),
  autoScheduled: z.boolean(),
  /** Drive time from the previous stop. */
  estimatedDriveMinutes: z.number().nullable(),
  /** The drive from the previous located stop (shared/src/road/driveLeg.ts), where the source carries legs (the trip document). */
  driveLeg: ZDriveLeg.nullable().optional(),
  /** Legacy content, also presented as the entry 'legacy-{stop id}' in journalEntries. */
  journalContent: z.string().nullable(),
  photos: z.array(z.string()),
  createdAt: z.string(),
  /** Its plan (./planFields.ts: planStopFields), each null when unset; lodging only on an overnight stop. */
  kind: z.enum(STOP_KINDS).nullable(),
  stayMinutes: z.number().int().nullable(),
  fixedTime: z.string().nullable(),
  openingHours: z.string().nullable(),
  overnight: z.boolean(),
  lodging: ZLodging.nullable(),
  /** Whether the car refuels here; null: as its kind says. */
  refuels: z.boolean().nullable(),
  /** How the day went on the road (./progressFields.ts); absent where the source does not carry them. */
  arrivedAt: z.string().nullable().optional(),
  delayMinutes: z.number().int().nullable().optional(),
  /** Newest first (entryDate, then createdAt). */
  journalEntries: z.array(ZJournalEntry),
});

const tripFields = {
  id: z.string(),
  /** The owner's user id. */
  userId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  heroImage: z.string().nullable(),
  createdAt: z.string(),
  /** true: stops joined by a line in order; false: bucket-list mode. */
  routeMode: z.boolean(),
  stops: z.array(ZTripStop),
  /** The road and plan settings (./roadSettings.ts), which a share link shows as members see them. */
  ...ZRoadSettings.shape,
};

export const ZTripDetail = z.object({
  ...tripFields,
  isPublic: z.boolean(),
  /** Only the owner sees it; null for everyone else and while the trip is private. */
  shareToken: z.string().nullable(),
  /** The caller's role (only members read trip details). */
  role: ZTripRole,
});

/** What a share link shows: no members, no e-mails, no token. */
export const ZPublicTrip = z.object(tripFields);

/** The stops after a move, renumbered from 0. */
export const ZReorderStopResponse = z.object({
  stops: z.array(z.object({ id: z.string(), name: z.string(), stopOrder: z.number().int() })),
});

export const ZDeleteStopResponse = z.object({ success: z.literal(true) });
export const ZToggleVisitedResponse = z.object({ visited: z.boolean(), visitedAt: z.string().nullable() });
export const ZShareTripResponse = z.object({ isPublic: z.boolean(), shareToken: z.string().nullable() });
export const ZRouteModeResponse = z.object({ routeMode: z.boolean() });

export type TTripDetailsRequest = z.infer<typeof ZTripDetailsRequest>;
export type TAddStopRequest = z.infer<typeof ZAddStopRequest>;
export type TReorderStopRequest = z.infer<typeof ZReorderStopRequest>;
export type TDeleteStopRequest = z.infer<typeof ZDeleteStopRequest>;
export type TToggleVisitedRequest = z.infer<typeof ZToggleVisitedRequest>;
export type TUpdateStopContentRequest = z.infer<typeof ZUpdateStopContentRequest>;
export type TUpdateStopDetailsRequest = z.infer<typeof ZUpdateStopDetailsRequest>;
export type TShareTripRequest = z.infer<typeof ZShareTripRequest>;
export type TPublicTripRequest = z.infer<typeof ZPublicTripRequest>;
export type TRouteModeRequest = z.infer<typeof ZRouteModeRequest>;
export type TTripStop = z.infer<typeof ZTripStop>;
export type TTripDetail = z.infer<typeof ZTripDetail>;
export type TPublicTrip = z.infer<typeof ZPublicTrip>;
export type TReorderStopResponse = z.infer<typeof ZReorderStopResponse>;
export type TToggleVisitedResponse = z.infer<typeof ZToggleVisitedResponse>;
export type TShareTripResponse = z.infer<typeof ZShareTripResponse>;
export type TRouteModeResponse = z.infer<typeof ZRouteModeResponse>;
