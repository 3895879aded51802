/** The owner or an editor starts a poll through the decisions part's writer, judged (the trip's cap included) by its rule. */
import { randomUUID } from 'node:crypto';
import { decisionWrites, messages, readPoll, type PollView, type TCreatePollRequest, type TripRole } from '@caravan/shared';
import { AppError, writeParts, type TripDocHub, type User } from '@caravan/engine';

export async function pollCreator(tripDocs: TripDocHub, creator: User, role: TripRole, params: TCreatePollRequest, now = new Date()): Promise<PollView> {
  // A request's closing time is now's; an offline member's may have passed by the time it syncs, so the part lets that be.
  if (params.closesAt !== null && Date.parse(params.closesAt) <= now.getTime()) {
    throw new AppError('validation', messages.decisions.closesInPast);
  }
  const id = randomUUID();
  const { tripId, ...fields } = params;
  return writeParts(
    tripDocs,
    tripId,
    creator,
    role,
    () => decisionWrites.startPoll(id, fields, { userId: creator.id, now }),
    (doc) => readPoll(doc, id, creator.id, now)!,
    now,
  );
}
