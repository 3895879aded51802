/** The owner or an editor starts a poll: written whole into the trip document, as the live door takes one. */
import { randomUUID } from 'node:crypto';
import { MAX_POLLS, messages, pollsMap, readPoll, type DocPoll, type PollView, type TCreatePollRequest } from '@caravan/shared';
import { AppError, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function pollCreator(tripDocs: TripDocHub, creator: User, params: TCreatePollRequest, now = new Date()): Promise<PollView> {
  if (params.closesAt !== null && Date.parse(params.closesAt) <= now.getTime()) {
    throw new AppError('validation', messages.decisions.closesInPast);
  }
  const id = randomUUID();
  const poll: DocPoll = {
    question: params.question,
    options: params.options,
    multiple: params.multiple,
    // One spelling of the time in the document, whatever offset the request used.
    closesAt: params.closesAt && new Date(params.closesAt).toISOString(),
    createdBy: creator.id,
    createdAt: now.toISOString(),
    closedAt: null,
    closedBy: null,
  };
  return tripDocs.write(params.tripId, serverOrigin(creator.id), ({ doc, transact }) => {
    // The live door holds a trip to the same cap (collab-server/src/partPermissions.ts).
    if (pollsMap(doc).size >= MAX_POLLS) throw new AppError('validation', messages.decisions.tooManyPolls);
    transact(() => pollsMap(doc).set(id, poll));
    return readPoll(doc, id, creator.id, now)!;
  });
}
