/**
 * A member answers an open poll, or takes their answer back (no choices): one entry keyed by their user id, as
 * the live door lets them write it. A closed poll, or one past its closing time, takes no votes.
 */
import { messages, pollChoiceProblem, readPoll, voteKey, votesMap, type PollView } from '@caravan/shared';
import { AppError, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function pollVoter(
  tripDocs: TripDocHub,
  voter: User,
  params: { tripId: string; pollId: string; choices: number[] },
): Promise<PollView> {
  return tripDocs.write(params.tripId, serverOrigin(voter.id), ({ doc, transact }) => {
    const poll = readPoll(doc, params.pollId, voter.id);
    if (!poll) throw new AppError('not_found', messages.decisions.pollNotFound);
    if (!poll.open) throw new AppError('conflict', messages.decisions.pollClosed);
    const problem = pollChoiceProblem(poll, params.choices);
    if (problem) throw new AppError('validation', problem);
    const key = voteKey('poll', params.pollId, voter.id);
    const choices = [...params.choices].sort((a, b) => a - b);
    transact(() => (choices.length === 0 ? votesMap(doc).delete(key) : votesMap(doc).set(key, choices)));
    return readPoll(doc, params.pollId, voter.id)!;
  });
}
