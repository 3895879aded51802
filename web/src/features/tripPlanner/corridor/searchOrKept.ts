/**
 * One "Along the route" search as the page asks it: the server's answer (kept in this browser for later), or, with
 * no server to ask (offline, or it is down), the answer kept for the same request with its age. A request the
 * server refuses (4xx) is not covered by an old answer: its words are what the member needs. With no answer from the
 * server and none kept, the member is told the search needs a connection, not the browser's "Failed to fetch".
 */
import type { TCorridorSearchRequest, TCorridorSearchResponse } from '@caravan/shared';
import { ApiError } from '../../../lib/api.ts';
import { searchAlongRoute } from './corridorApi.ts';
import { keepAnswer, keptAnswer } from './keptAnswers.ts';
import { corridorText } from './messages.ts';

/** Nothing answered: fetch rejects with a TypeError when the network fails, and the browser may know it is offline. */
const unreachable = (caught: unknown) => caught instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);

export async function searchOrKept(request: TCorridorSearchRequest): Promise<TCorridorSearchResponse> {
  try {
    const found = await searchAlongRoute(request);
    keepAnswer(request, found);
    return found;
  } catch (caught) {
    const refused = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
    const kept = refused ? null : keptAnswer(request);
    if (kept) return kept;
    if (!refused && unreachable(caught)) throw new Error(corridorText.needsConnection);
    throw caught;
  }
}
