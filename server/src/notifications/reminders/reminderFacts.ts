/**
 * What the reminder sweep needs from a trip's document, as rows of `reminder_facts`: each open checklist item that
 * has an assignee and a due date, each open poll with a closing time (and who voted), each member who owes money
 * (balances in the home currency, as the Costs tab computes them). Pure: the same document gives the same facts.
 */
import type * as Y from 'yjs';
import {
  checklistDoneMap,
  checklistItemsMap,
  computeBalances,
  formatMinor,
  parseVoteKey,
  pollsMap,
  readChecklistItem,
  readDocPoll,
  readMoney,
  votesMap,
} from '@caravan/shared';

export interface ReminderFact {
  kind: 'item_due' | 'poll_closing' | 'settle_up';
  subjectId: string;
  userId: number | null;
  dueDate: string | null;
  closesAt: string | null;
  voters: number[];
  data: Record<string, unknown>;
}

const fact = (fields: Pick<ReminderFact, 'kind' | 'subjectId' | 'data'> & Partial<ReminderFact>): ReminderFact => ({
  userId: null,
  dueDate: null,
  closesAt: null,
  voters: [],
  ...fields,
});

function dueItems(doc: Y.Doc): ReminderFact[] {
  const done = checklistDoneMap(doc);
  return [...checklistItemsMap(doc).keys()].flatMap((id) => {
    const item = readChecklistItem(doc, id);
    if (!item || item.assignee === null || item.dueDate === null || done.get(id) === true) return [];
    return [fact({ kind: 'item_due', subjectId: id, userId: item.assignee, dueDate: item.dueDate, data: { text: item.text, dueDate: item.dueDate } })];
  });
}

/** Who voted on each poll (a vote taken back, an empty list, is none). */
function pollVoters(doc: Y.Doc): Map<string, number[]> {
  const voters = new Map<string, number[]>();
  for (const [key, value] of votesMap(doc)) {
    const vote = parseVoteKey(key);
    if (!vote || vote.target !== 'poll' || !Array.isArray(value) || value.length === 0) continue;
    voters.set(vote.id, [...(voters.get(vote.id) ?? []), vote.voter]);
  }
  return voters;
}

function closingPolls(doc: Y.Doc): ReminderFact[] {
  const voters = pollVoters(doc);
  return [...pollsMap(doc).keys()].flatMap((id) => {
    const poll = readDocPoll(doc, id);
    if (!poll || poll.closedAt !== null || poll.closesAt === null) return [];
    const closesAt = new Date(poll.closesAt).toISOString();
    return [fact({ kind: 'poll_closing', subjectId: id, closesAt, voters: voters.get(id) ?? [], data: { question: poll.question, closesAt } })];
  });
}

function debtors(doc: Y.Doc, tripId: string): ReminderFact[] {
  const money = readMoney(doc);
  const { byMember } = computeBalances(money);
  const currency = money.homeCurrency;
  return [...byMember].flatMap(([userId, balance]) =>
    balance < 0
      ? [fact({ kind: 'settle_up', subjectId: tripId, userId, data: { amount: -balance, currency, owed: `${formatMinor(-balance, currency)} ${currency}` } })]
      : [],
  );
}

export const reminderFactsOf = (doc: Y.Doc, tripId: string): ReminderFact[] => [...dueItems(doc), ...closingPolls(doc), ...debtors(doc, tripId)];
