/**
 * The poll's creator or the trip owner closes it, through the decisions part's writer, judged by its rule as the
 * live door's closes are (shared/src/parts/decisions): a closed poll is 409, anyone else 403; the activity feed
 * says who closed it and what won, by the part's activity rule.
 */
import { decisionWrites, messages, readDocPoll, readPoll, type PollView, type TripRole } from '@caravan/shared';
import { AppError, writeParts, type TripDocHub, type User } from '@caravan/engine';

export async function pollCloser(
  tripDocs: TripDocHub,
  closer: User,
  role: TripRole,
  params: { tripId: string; pollId: string },
  now = new Date(),
): Promise<PollView> {
  return writeParts(
    tripDocs,
    params.tripId,
    closer,
    role,
    ({ doc }) => {
      if (!readDocPoll(doc, params.pollId)) throw new AppError('not_found', messages.decisions.pollNotFound);
      return decisionWrites.closePoll(doc, params.pollId, { userId: closer.id, now });
    },
    (doc) => readPoll(doc, params.pollId, closer.id, now)!,
    now,
  );
}
