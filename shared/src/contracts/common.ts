/** Building blocks for the call contracts: the request object, required strings with their message, ids. */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { holdsUnstorableText } from '../storableText.ts';

/**
 * Every call's request: a strict object whose every string, at any depth, PostgreSQL can store. The text
 * is checked once here, before any field, so no field's own rules need to (and none can forget to).
 */
export const requestObject = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.preprocess((body, ctx) => {
    if (holdsUnstorableText(body)) ctx.addIssue({ code: 'custom', message: messages.validation.textNotAllowed, input: body });
    return body;
  }, z.strictObject(shape));

export const requiredString = (message: string) => z.string({ error: message }).min(1, message);

export const tripId = (message: string = messages.validation.invalidTripId) =>
  z.string({ error: message }).uuid(message);

/** Document keys are lowercase; a uuid sent in capitals names the same stop. */
export const stopIdInput = (message: string = messages.stops.invalidId) =>
  z
    .string({ error: message })
    .uuid(message)
    .transform((value) => value.toLowerCase());

/** User ids are PostgreSQL integers: a larger number names no user, and the database would refuse it with a 500. */
const USER_ID_MAX = 2_147_483_647;

export const positiveUserId = z
  .number({ error: messages.validation.invalidUserId })
  .int(messages.validation.invalidUserId)
  .positive(messages.validation.invalidUserId)
  .max(USER_ID_MAX, messages.validation.invalidUserId);

export const coordinateNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, message).max(max, message);

/** Coordinates may arrive as numeric strings; absent or blank means 0. */
export const coordinateInput = (value: unknown) => {
  if (value === undefined || value === null || value === '') return 0;
  return typeof value === 'string' ? Number(value) : value;
};

/** Text a call sends is stored without its surrounding blanks. */
export const trimmedInput = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export const coordinate = (min: number, max: number, message: string) => z.preprocess(coordinateInput, coordinateNumber(min, max, message));

export const ZAccountRole = z.enum(['admin', 'user'], { error: messages.validation.invalidAccountRole });
export const ZAccountStatus = z.enum(['active', 'disabled'], { error: messages.validation.invalidStatus });
export const ZTripRole = z.enum(['owner', 'editor', 'viewer'], { error: messages.validation.invalidTripRole });

export type TAccountRole = z.infer<typeof ZAccountRole>;
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
export type TTripRole = z.infer<typeof ZTripRole>;

export const ZErrorResponse = z.object({ error: z.string(), message: z.string().optional() });
