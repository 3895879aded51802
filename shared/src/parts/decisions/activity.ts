/** The activity a decisions write records: "closed the poll", with what won, when a poll becomes closed (votes record nothing). */
import type * as Y from 'yjs';
import type { ActivityNote, KeyChange, PartWriter } from '../part.ts';
import { pollWinnerText, readPoll } from './read.ts';
import { DECISION_ROOTS } from './schema.ts';

const wasClosed = (value: unknown) => typeof value === 'object' && value !== null && ((value as { closedAt?: unknown }).closedAt ?? null) !== null;

/** Read after the write, so the winner counts the votes it carried (a poll started, voted on and closed offline). */
export function decisionActivity({ root, key, before }: KeyChange, doc: Y.Doc, { userId }: PartWriter): ActivityNote[] {
  if (root !== DECISION_ROOTS.polls || wasClosed(before)) return [];
  const poll = readPoll(doc, key, userId ?? 0);
  if (!poll || poll.closedAt === null) return [];
  return [{ type: 'poll_closed', data: { pollId: poll.id, question: poll.question, winner: pollWinnerText(poll) || null } }];
}
