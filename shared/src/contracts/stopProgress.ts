/**
 * /trips/stops/update-progress: "We're here" (arrivedAt) and "We're running late" (delayMinutes) on a stop, either or
 * both; each left out keeps its value, null clears it. Values are the ones the live door takes (./progressFields.ts),
 * and the command writes them through the writer the web app uses (../tripDoc/stopProgress.ts).
 */
import { z } from 'zod';
import { requestObject, stopIdInput, tripId } from './common.ts';
import { PROGRESS_STOP_FIELD_KEYS, progressMessages, progressStopFields } from './progressFields.ts';

export const ZUpdateStopProgressRequest = requestObject({
  tripId: tripId(),
  stopId: stopIdInput(),
  arrivedAt: progressStopFields.arrivedAt.optional(),
  delayMinutes: progressStopFields.delayMinutes.optional(),
}).refine((body) => PROGRESS_STOP_FIELD_KEYS.some((key) => body[key] !== undefined), {
  message: progressMessages.progressFieldRequired,
  path: ['arrivedAt'],
});

/** The stop's progress and visited mark as they stand after the write. */
export const ZUpdateStopProgressResponse = z.object({
  arrivedAt: z.string().nullable(),
  delayMinutes: z.number().int().nullable(),
  visited: z.boolean(),
  visitedAt: z.string().nullable(),
});

export type TUpdateStopProgressRequest = z.infer<typeof ZUpdateStopProgressRequest>;
export type TUpdateStopProgressResponse = z.infer<typeof ZUpdateStopProgressResponse>;
