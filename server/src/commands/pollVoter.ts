/**
 * A member answers an open poll, or takes their answer back (no choices), through the decisions part's writer,
 * judged by its rule (whose vote, which choices fit) as the live door's votes are. A poll that is closed, or past
 * its closing time, takes no votes: REST says so (409) where the live door takes an offline device's late vote
 * and puts it back.
 */
import { decisionWrites, isPollOpen, messages, readDocPoll, readPoll, type PollView, type TripRole } from '@caravan/shared';
import { AppError, writeParts, type TripDocHub, type User } from '@caravan/engine';

export async function pollVoter(
  tripDocs: TripDocHub,
  voter: User,
  role: TripRole,
  params: { tripId: string; pollId: string; choices: number[] },
  now = new Date(),
): Promise<PollView> {
  return writeParts(
    tripDocs,
    params.tripId,
    voter,
    role,
    ({ doc }) => {
      const poll = readDocPoll(doc, params.pollId);
      if (!poll) throw new AppError('not_found', messages.decisions.pollNotFound);
      if (!isPollOpen(poll, now)) throw new AppError('conflict', messages.decisions.pollClosed);
      return decisionWrites.votePoll(params.pollId, params.choices, voter.id);
    },
    (doc) => readPoll(doc, params.pollId, voter.id, now)!,
    now,
  );
}
