/**
 * The one line that sums up "what changed": who did what, the people who did most first ("Ana moved 3 stops, Ben
 * added an expense"), each person's actions counted by kind ("Ana added 2 stops and renamed Eureka"), past three
 * people "and 2 others". Every word comes from messages.history.changes.
 */
import type { TTripChanges } from '../contracts/history.ts';
import { messages } from '../messages.ts';
import { CHECKLIST_ROOTS, DECISION_ROOTS, MONEY_ROOT, TRIP_PARTS } from '../parts/index.ts';

const c = messages.history.changes;
const { verbs, nouns } = c;
const SHOWN_PEOPLE = 3;

type Kind = 'added' | 'removed' | 'changed';
type Noun = readonly [string, string];
/** A kind of action's words for a count: its verb, and what it was done to ("added" "2 stops"). */
type Words = (count: number) => { verb: string; object: string };

/** One kind of action: actions of one key are counted together. */
interface Action {
  key: string;
  words: Words;
}

const did =
  (verb: string, noun: Noun): Words =>
  (count) => ({ verb, object: c.counted(count, noun) });
const voted: Words = (count) => ({ verb: c.voted, object: c.times(count) });
const plain = (noun: Noun): Record<Kind, Words> => ({
  added: did(verbs.added, noun),
  removed: did(verbs.removed, noun),
  changed: did(verbs.changed, noun),
});
const settingChanged = did(verbs.changed, nouns.setting);
const ticked = did(verbs.ticked, nouns.tick);

/** Each root's words for its kinds of change; a root not named here is "an entry". */
const ENTRY_WORDS: Readonly<Record<string, Record<Kind, Words>>> = {
  [CHECKLIST_ROOTS.lists]: plain(nouns.checklist),
  [CHECKLIST_ROOTS.items]: plain(nouns.checklistItem),
  [CHECKLIST_ROOTS.done]: { added: ticked, changed: ticked, removed: did(verbs.unticked, nouns.tick) },
  [DECISION_ROOTS.votes]: { added: voted, changed: voted, removed: did(verbs.tookBack, nouns.vote) },
  [DECISION_ROOTS.polls]: { added: did(verbs.started, nouns.poll), changed: did(verbs.closed, nouns.poll), removed: did(verbs.removed, nouns.poll) },
  [MONEY_ROOT.expenses]: plain(nouns.expense),
  [MONEY_ROOT.payments]: { ...plain(nouns.payment), added: did(verbs.recorded, nouns.payment) },
  [MONEY_ROOT.moneySettings]: { added: settingChanged, changed: settingChanged, removed: settingChanged },
};
const ENTRY_ROOTS = TRIP_PARTS.flatMap((part) => part.roots);
const KINDS = ['added', 'changed', 'removed'] as const;

/** The order a person's actions are told in: stops first, then each part's roots in the registry's order. */
const STOP_ACTIONS = ['stops:added', 'stops:removed', 'stops:moved', 'stops:renamed', 'stops:changed'];
const actionRank = (key: string) => {
  const stop = STOP_ACTIONS.indexOf(key);
  if (stop >= 0) return stop;
  const [root, kind] = key.split('\u0000');
  const at = ENTRY_ROOTS.indexOf(root);
  return STOP_ACTIONS.length + (at < 0 ? ENTRY_ROOTS.length : at) * KINDS.length + KINDS.indexOf(kind as Kind);
};

function entryAction(root: string, kind: Kind): Action {
  const words = ENTRY_WORDS[root] ?? plain(nouns.entry);
  // Kinds told in the same words are counted together (a vote cast and a vote changed are both "voted").
  const first = KINDS.find((other) => words[other] === words[kind]) ?? kind;
  return { key: `${root}\u0000${first}`, words: words[kind] };
}

/** What one person did: a count per action, and the names of the stops they renamed. */
class Tally {
  readonly counts = new Map<string, { action: Action; count: number }>();
  readonly renamed: string[] = [];
  total = 0;

  add(action: Action): void {
    const found = this.counts.get(action.key);
    if (found) found.count += 1;
    else this.counts.set(action.key, { action, count: 1 });
    this.total += 1;
  }

  rename(name: string): void {
    this.renamed.push(name);
    this.total += 1;
  }

  /** Each verb once, with all it was done to, in the actions' order: "added 2 stops and a checklist, moved a stop". */
  words(): string {
    const told = [...this.counts.values()].map(({ action, count }) => ({ rank: actionRank(action.key), ...action.words(count) }));
    if (this.renamed.length) told.push({ rank: actionRank('stops:renamed'), verb: c.renamed, object: c.renamedStops(this.renamed) });
    const byVerb = new Map<string, string[]>();
    for (const { verb, object } of told.sort((a, b) => a.rank - b.rank)) byVerb.set(verb, [...(byVerb.get(verb) ?? []), object]);
    return c.list([...byVerb].map(([verb, objects]) => c.did(verb, objects)));
  }
}

const stopAction = (kind: 'added' | 'removed' | 'moved' | 'changed'): Action => ({ key: `stops:${kind}`, words: did(verbs[kind], nouns.stop) });

/** The one line for `changes`; its people are named as `members` names them ("Someone" for a change nobody is known to have made). */
export function changeSummary(changes: Pick<TTripChanges, 'stops' | 'entries' | 'members'>): string {
  const tallies = new Map<number | null, Tally>();
  const tallyOf = (by: readonly number[]) =>
    (by.length ? by : [null]).map((userId) => {
      let tally = tallies.get(userId);
      if (!tally) tallies.set(userId, (tally = new Tally()));
      return tally;
    });

  for (const stop of changes.stops) {
    const renamed = stop.fields.find((field) => field.field === 'name');
    for (const tally of tallyOf(stop.by)) {
      if (stop.kind === 'added' || stop.kind === 'removed' || stop.kind === 'moved') tally.add(stopAction(stop.kind));
      if (renamed) tally.rename(typeof renamed.before === 'string' && renamed.before.trim() !== '' ? renamed.before : stop.name);
      else if (stop.kind === 'changed') tally.add(stopAction('changed'));
    }
  }
  for (const entry of changes.entries) for (const tally of tallyOf(entry.by)) tally.add(entryAction(entry.root, entry.kind));

  if (tallies.size === 0) return c.nothing;
  const names = new Map(changes.members.map((member) => [member.userId, member.displayName]));
  // Most done first; a tie keeps the order people were first met in.
  const people = [...tallies.entries()].sort(([, a], [, b]) => b.total - a.total);
  const told = people
    .slice(0, SHOWN_PEOPLE)
    .map(([userId, tally]) => c.personDid(userId === null ? c.someone : (names.get(userId) ?? messages.collaboration.formerMember), tally.words()));
  return c.people(told, Math.max(0, people.length - SHOWN_PEOPLE));
}
