/** Building blocks for the call contracts: required strings with the spec's message, ids. */
import { z } from 'zod';
import { messages } from '../messages.ts';

export const requiredString = (message: string) => z.string({ error: message }).min(1, message);

export const tripId = (message: string = messages.validation.invalidTripId) =>
  z.string({ error: message }).uuid(message);

export const positiveUserId = z
  .number({ error: messages.validation.invalidUserId })
  .int(messages.validation.invalidUserId)
  .positive(messages.validation.invalidUserId);

/** Coordinates that may arrive as numeric strings (SPEC-2 §3); absent means 0. */
export const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return 0;
      return typeof value === 'string' ? Number(value) : value;
    },
    z.number({ error: message }).min(min, message).max(max, message),
  );

export const ZAccountRole = z.enum(['admin', 'user'], { error: messages.validation.invalidAccountRole });
export const ZAccountStatus = z.enum(['active', 'disabled'], { error: messages.validation.invalidStatus });
export const ZTripRole = z.enum(['owner', 'editor', 'viewer'], { error: messages.validation.invalidTripRole });

export type TAccountRole = z.infer<typeof ZAccountRole>;
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
export type TTripRole = z.infer<typeof ZTripRole>;

export const ZErrorResponse = z.object({ error: z.string(), message: z.string().optional() });
