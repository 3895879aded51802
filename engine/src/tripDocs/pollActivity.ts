/**
 * The activity entry of a closed poll, written once whichever door closed it: REST's pollCloser calls it in its
 * transaction, the collab server when a member's live edit closes one (collab-server/src/livePollActivity.ts).
 */
import type * as Y from 'yjs';
import { pollWinnerText, type PollView } from '@caravan/shared';
import { recordActivity, type ActivityActor } from './activityRecorder.ts';

/** Call inside the write's `transact`, with the poll as it now is (closed). */
export const recordPollClosed = (doc: Y.Doc, actor: ActivityActor, poll: PollView) =>
  recordActivity(doc, actor, 'poll_closed', { pollId: poll.id, question: poll.question, winner: pollWinnerText(poll) || null });
