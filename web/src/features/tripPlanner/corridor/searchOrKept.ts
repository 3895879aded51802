/**
 * One "Along the route" search as the page asks it: the server's answer (kept in this browser for later), or, with
 * no server to ask (offline, or it is down), the answer kept for the same request with its age. A request the
 * server refuses (4xx) is not covered by an old answer: its words are what the member needs.
 */
import type { TCorridorSearchRequest, TCorridorSearchResponse } from '@caravan/shared';
import { ApiError } from '../../../lib/api.ts';
import { searchAlongRoute } from './corridorApi.ts';
import { keepAnswer, keptAnswer } from './keptAnswers.ts';

export async function searchOrKept(request: TCorridorSearchRequest): Promise<TCorridorSearchResponse> {
  try {
    const found = await searchAlongRoute(request);
    keepAnswer(request, found);
    return found;
  } catch (caught) {
    const refused = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
    const kept = refused ? null : keptAnswer(request);
    if (kept) return kept;
    throw caught;
  }
}
