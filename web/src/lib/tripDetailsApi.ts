/**
 * A trip's details, cached under `tripKeys.details` (./tripQueries.ts): the trip page's and the share page's call.
 * The last answers are held with their ETags, so asking again (a refetch after an edit elsewhere, a return to the
 * page) costs a 304 and no body while the trip has not changed for this member.
 */
import { calls, type TTripDetail } from '@caravan/shared';
import { revalidatedCall, type HeldAnswer } from './api.ts';
import { HeldAnswers } from './heldAnswers.ts';

/** A few trips a member moves between; each held answer is the parsed details of one trip. */
const held = new HeldAnswers<TTripDetail>(8);

export const tripDetailsApi = {
  details: async (tripId: string): Promise<TTripDetail> => {
    const answer = await revalidatedCall(calls.trips.details, { tripId }, held.get(tripId)).catch((error: unknown) => {
      // Refused (removed from the trip, signed out) or lost: nothing of the trip stays held.
      held.delete(tripId);
      throw error;
    });
    if (answer.etag) held.set(tripId, answer as HeldAnswer<TTripDetail>);
    else held.delete(tripId);
    return answer.value;
  },
};
