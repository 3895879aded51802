/**
 * The activity a decisions write records (votes record nothing): "opened a poll" when a poll first appears, with its
 * closing time (so reminders can find it without the document), and "closed the poll", with what won, when a poll
 * becomes closed.
 */
import type * as Y from 'yjs';
import type { ActivityNote, KeyChange, PartWriter } from '../part.ts';
import { pollWinnerText, readPoll } from './read.ts';
import { DECISION_ROOTS } from './schema.ts';

const wasClosed = (value: unknown) => typeof value === 'object' && value !== null && ((value as { closedAt?: unknown }).closedAt ?? null) !== null;

/** Read after the write, so the winner counts the votes it carried (a poll started, voted on and closed offline). */
export function decisionActivity({ root, key, before }: KeyChange, doc: Y.Doc, { userId }: PartWriter): ActivityNote[] {
  if (root !== DECISION_ROOTS.polls || wasClosed(before)) return [];
  const poll = readPoll(doc, key, userId ?? 0);
  if (!poll) return [];
  const notes: ActivityNote[] = [];
  if (before === undefined || before === null) notes.push({ type: 'poll_opened', data: { pollId: poll.id, question: poll.question, closesAt: poll.closesAt } });
  if (poll.closedAt !== null) notes.push({ type: 'poll_closed', data: { pollId: poll.id, question: poll.question, winner: pollWinnerText(poll) || null } });
  return notes;
}
