/**
 * One Overpass QL query POSTed to an interpreter (https://wiki.openstreetmap.org/wiki/Overpass_API), its JSON answer
 * checked: the elements, or an error that says what went wrong (not reached, too slow, an HTTP status, not Overpass
 * JSON). Callers decide whether to fall back.
 */
import { z } from 'zod';

/** The query's own [timeout:] (s); the request waits a little longer than that. */
export const OVERPASS_TIMEOUT_S = 10;

export const ZOverpassAnswer = z.object({
  elements: z.array(
    z.object({
      type: z.enum(['node', 'way', 'relation']),
      id: z.number(),
      lat: z.number().optional(),
      lon: z.number().optional(),
      center: z.object({ lat: z.number(), lon: z.number() }).optional(),
      tags: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
export type OverpassElement = z.infer<typeof ZOverpassAnswer>['elements'][number];

export async function overpassElements(url: string, ql: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<OverpassElement[]> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new Error(`Overpass did not answer within ${timeoutMs} ms`);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        // The public instances ask clients to say who they are.
        'user-agent': 'Caravan road-trip planner',
      },
      body: new URLSearchParams({ data: ql }),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    throw new Error(`Overpass could not be reached at ${new URL(url).origin}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`Overpass answered ${response.status} ${response.statusText}`.trim());
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (signal.aborted) throw timedOut();
  const answer = ZOverpassAnswer.safeParse(body);
  if (!answer.success) throw new Error('Overpass answered something other than Overpass JSON');
  return answer.data.elements;
}
