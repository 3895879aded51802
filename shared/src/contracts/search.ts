/** Place search: SPEC-1 §7 /_api/search/locations. */
import { z } from 'zod';
import { messages } from '../messages.ts';

export const ZLocationSearchRequest = z.strictObject({
  query: z
    .string({ error: messages.validation.searchQueryEmpty })
    .trim()
    .min(1, messages.validation.searchQueryEmpty)
    .max(200, messages.validation.searchQueryEmpty),
});

export const ZLocationResult = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

export const ZLocationSearchResponse = z.array(ZLocationResult);

export type TLocationSearchRequest = z.infer<typeof ZLocationSearchRequest>;
export type TLocationResult = z.infer<typeof ZLocationResult>;
