/**
 * Words for one entry of a part's root in "what changed" ("Gas in Eureka", "Where do we eat?"), read from the
 * value's own shape: a checklist's title, an item's text, a poll's question, an expense's description, a payment's
 * two members, a vote's voter and what it is on. A value a part would not accept is named by its key.
 */
import type * as Y from 'yjs';
import { messages } from '../messages.ts';
import { CHECKLIST_ROOTS, DECISION_ROOTS, MONEY_ROOT, parseVoteKey } from '../parts/index.ts';
import { suggestionsMap } from '../tripDoc/access.ts';

const l = messages.history.changes.labels;

/** A text field of a plain value, if it is one. */
const textOf = (value: unknown, field: string): string | null => {
  const text = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
};

/** The name of a member by id, or the words for one who left. */
export const memberName = (names: ReadonlyMap<number, string>, userId: unknown): string =>
  (typeof userId === 'number' ? names.get(userId) : undefined) ?? messages.collaboration.formerMember;

/** An entry of another root, looked up in each document in turn (the one after the change first). */
const lookUp = (docs: readonly Y.Doc[], root: string, key: string, field: string): string | null => {
  for (const doc of docs) {
    const text = textOf(doc.getMap<unknown>(root).get(key), field);
    if (text !== null) return text;
  }
  return null;
};

const suggestionName = (docs: readonly Y.Doc[], id: string): string | null => {
  for (const doc of docs) {
    const name = suggestionsMap(doc).get(id)?.get('name');
    if (typeof name === 'string') return name;
  }
  return null;
};

/**
 * Words for the entry under `key` of `root` holding `value` (the value after the change, or before it for a removed
 * entry); `docs` are the documents to look related entries up in, `names` the members by id.
 */
export function entryLabel(root: string, key: string, value: unknown, docs: readonly Y.Doc[], names: ReadonlyMap<number, string>): string {
  switch (root) {
    case CHECKLIST_ROOTS.lists:
      return textOf(value, 'title') ?? key;
    case CHECKLIST_ROOTS.items:
      return textOf(value, 'text') ?? key;
    case CHECKLIST_ROOTS.done:
      return lookUp(docs, CHECKLIST_ROOTS.items, key, 'text') ?? key;
    case DECISION_ROOTS.polls:
      return textOf(value, 'question') ?? key;
    case DECISION_ROOTS.votes: {
      const vote = parseVoteKey(key);
      if (!vote) return key;
      const on = vote.target === 'poll' ? lookUp(docs, DECISION_ROOTS.polls, vote.id, 'question') : suggestionName(docs, vote.id);
      return l.vote(memberName(names, vote.voter), on ?? vote.id);
    }
    case MONEY_ROOT.expenses:
      return textOf(value, 'description') ?? key;
    case MONEY_ROOT.payments: {
      const payment = (typeof value === 'object' && value !== null ? value : {}) as { from?: unknown; to?: unknown };
      return l.payment(memberName(names, payment.from), memberName(names, payment.to));
    }
    case MONEY_ROOT.moneySettings:
      if (key === 'homeCurrency') return l.homeCurrency;
      if (key.startsWith('budget:')) return l.budget(key.slice(7));
      if (key.startsWith('rate:')) return l.rate(key.slice(5));
      return key;
    default:
      return key;
  }
}
