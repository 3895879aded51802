/**
 * Journal entries (docs/product.md#journal): /_api/trips/stops/journal/create, /update and /delete.
 * Photos go up as `data:image/...;base64,` strings and come back as `/_api/photos/{id}` URLs; sending an
 * entry's URLs back keeps those photos, leaving one out deletes it.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { tripId, requestObject } from './common.ts';
import { isDateInput, toIsoTimestamp } from './dateInputs.ts';

const m = messages.journal;

export const JOURNAL_MAX_PHOTOS = 20;
export const JOURNAL_CONTENT_MAX_LENGTH = 50_000;

/** Where the server serves a stored photo. */
export const PHOTO_URL_PATTERN = /^\/_api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_DATA_URL_PREFIX = 'data:image/';

export const isPhotoUrl = (value: string) => PHOTO_URL_PATTERN.test(value);
export const isImageDataUrl = (value: string) => value.slice(0, IMAGE_DATA_URL_PREFIX.length).toLowerCase() === IMAGE_DATA_URL_PREFIX;

const uuid = (message: string) =>
  z
    .string({ error: message })
    .uuid(message)
    .transform((value) => value.toLowerCase());

/** An ISO timestamp, or a date alone (midnight UTC); a time without an offset is read as UTC. */
const entryDate = z
  .string({ error: m.invalidEntryDate })
  .max(40, m.invalidEntryDate)
  .refine(isDateInput, m.invalidEntryDate)
  .transform((value) => toIsoTimestamp(value)!);

const content = z
  .string({ error: m.invalidContent })
  .max(JOURNAL_CONTENT_MAX_LENGTH, m.contentTooLong(JOURNAL_CONTENT_MAX_LENGTH))
  .nullable()
  .transform((value) => (value?.trim() ? value : null));

/** null is no photos; order is the order shown. */
const photos = z
  .array(z.string({ error: m.invalidPhotos }).refine((value) => isImageDataUrl(value) || isPhotoUrl(value), m.invalidPhotos), {
    error: m.invalidPhotos,
  })
  .max(JOURNAL_MAX_PHOTOS, m.tooManyPhotos(JOURNAL_MAX_PHOTOS))
  .nullable()
  .transform((value) => value ?? []);

export const ZCreateJournalEntryRequest = requestObject({
  tripId: tripId(),
  stopId: uuid(messages.stops.invalidId),
  content,
  photos: photos.optional().transform((value) => value ?? []),
  entryDate,
});

export const ZUpdateJournalEntryRequest = requestObject({
  tripId: tripId(),
  entryId: uuid(m.invalidEntryId),
  content,
  photos,
  entryDate,
});

export const ZDeleteJournalEntryRequest = requestObject({
  tripId: tripId(),
  entryId: uuid(m.invalidEntryId),
});

export const ZJournalEntry = z.object({
  id: z.string(),
  stopId: z.string(),
  content: z.string().nullable(),
  /** `/_api/photos/{id}` URLs in the entry's order. */
  photos: z.array(z.string()),
  entryDate: z.string(),
  createdAt: z.string(),
});

export const ZDeleteJournalEntryResponse = z.object({ success: z.literal(true) });

export type TCreateJournalEntryRequest = z.infer<typeof ZCreateJournalEntryRequest>;
export type TUpdateJournalEntryRequest = z.infer<typeof ZUpdateJournalEntryRequest>;
export type TDeleteJournalEntryRequest = z.infer<typeof ZDeleteJournalEntryRequest>;
export type TJournalEntry = z.infer<typeof ZJournalEntry>;
