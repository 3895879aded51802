/**
 * The poll's creator or the trip owner closes it; the activity feed says who closed it and what won
 * (engine/src/tripDocs/pollActivity.ts, which the live door's closes go through too).
 */
import { canClosePoll, messages, pollsMap, readPoll, type PollView, type TripRole } from '@caravan/shared';
import { AppError, recordPollClosed, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function pollCloser(
  tripDocs: TripDocHub,
  closer: User,
  role: TripRole | null,
  params: { tripId: string; pollId: string },
): Promise<PollView> {
  return tripDocs.write(params.tripId, serverOrigin(closer.id), ({ doc, transact }) => {
    const poll = readPoll(doc, params.pollId, closer.id);
    if (!poll) throw new AppError('not_found', messages.decisions.pollNotFound);
    if (!canClosePoll(role, closer.id, poll)) throw new AppError('forbidden', messages.decisions.notPollCloser);
    if (poll.closedAt !== null) throw new AppError('conflict', messages.decisions.pollClosed);
    const { id: _id, open: _open, results: _results, ...stored } = poll;
    transact(() => {
      pollsMap(doc).set(params.pollId, { ...stored, closedAt: new Date().toISOString(), closedBy: closer.id });
      recordPollClosed(doc, closer, readPoll(doc, params.pollId, closer.id)!);
    });
    return readPoll(doc, params.pollId, closer.id)!;
  });
}
