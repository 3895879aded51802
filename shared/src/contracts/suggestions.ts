/** Stop suggestions (docs/product.md#suggestions): list, create (any member), review (owner or editor). */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { tripId, requestObject } from './common.ts';

const v = messages.validation;
const c = messages.collaboration.validation;

export const SUGGESTION_NAME_MAX_LENGTH = 200;
export const SUGGESTION_NOTES_MAX_LENGTH = 500;
export const SUGGESTION_ADDRESS_MAX_LENGTH = 500;

export const ZSuggestionStatus = z.enum(['pending', 'approved', 'denied', 'archived']);

/**
 * The list filter. 'archived' is the Archived tab: denied and archived suggestions together;
 * 'denied' is denied only; no filter lists every suggestion, whatever its status.
 */
export const ZSuggestionListFilter = z.enum(['pending', 'denied', 'archived'], { error: c.invalidSuggestionFilter });
export const ZReviewStatus = z.enum(['approved', 'denied', 'archived'], { error: c.invalidReviewStatus });

/** Optional text: trimmed, and blank means none. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => value || null);

/** Coordinates may arrive as numeric strings and may be absent or null (the suggest form). */
const optionalCoordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

export const ZSuggestionsRequest = requestObject({
  tripId: tripId(),
  status: ZSuggestionListFilter.optional(),
});

export const ZCreateSuggestionRequest = requestObject({
  tripId: tripId(),
  name: z
    .string({ error: c.suggestionNameRequired })
    .trim()
    .min(1, c.suggestionNameRequired)
    .max(SUGGESTION_NAME_MAX_LENGTH, c.suggestionNameTooLong),
  address: optionalText(SUGGESTION_ADDRESS_MAX_LENGTH, c.addressTooLong),
  latitude: optionalCoordinate(-90, 90, v.invalidLatitude),
  longitude: optionalCoordinate(-180, 180, v.invalidLongitude),
  notes: optionalText(SUGGESTION_NOTES_MAX_LENGTH, c.suggestionNotesTooLong),
});

export const ZReviewSuggestionRequest = requestObject({
  suggestionId: z.string({ error: c.invalidSuggestionId }).uuid(c.invalidSuggestionId),
  tripId: tripId(),
  status: ZReviewStatus,
  /** Where an approved stop goes: at the end (the default) or where it adds the least driving (stopPlacement.ts). */
  placement: z.enum(['end', 'best'], { error: c.invalidPlacement }).default('end'),
});

export const ZSuggestion = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: ZSuggestionStatus,
  suggestedBy: z.number().nullable(),
  suggestedByDisplayName: z.string(),
  suggestedByAvatarUrl: z.string().nullable(),
  createdAt: z.string(),
  reviewedByDisplayName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The stop an approval added. */
  approvedStopId: z.string().nullable(),
  /** Every member's up and down votes, and the caller's own (docs/product.md#votes-and-polls). */
  votes: z.object({ up: z.number(), down: z.number(), mine: z.enum(['up', 'down']).nullable() }),
});

/** Newest first. */
export const ZSuggestionsResponse = z.array(ZSuggestion);

export type TSuggestionStatus = z.infer<typeof ZSuggestionStatus>;
export type TSuggestionListFilter = z.infer<typeof ZSuggestionListFilter>;
export type TReviewStatus = z.infer<typeof ZReviewStatus>;
export type TCreateSuggestionRequest = z.infer<typeof ZCreateSuggestionRequest>;
export type TReviewSuggestionRequest = z.infer<typeof ZReviewSuggestionRequest>;
export type TSuggestion = z.infer<typeof ZSuggestion>;
