/**
 * Random edits of a trip document for property tests, made as members make them: through the stop writers and the
 * parts' writers, every entry its writer's (the owner's), so each passes the parts' judges.
 */
import fc from 'fast-check';
import type * as Y from 'yjs';
import {
  applyKeyWrites,
  checklistItemsMap,
  checklistWrites,
  checklistsMap,
  decisionWrites,
  expensesMap,
  moneyWrites,
  paymentsMap,
  pollsMap,
  type KeyWrite,
} from '../../parts/index.ts';
import { stopsMap } from '../../tripDoc/access.ts';
import { addStop, deleteStop, moveStop, orderedStops, updateStop } from '../../tripDoc/stops.ts';

export const OWNER = 1;
export const OTHER = 2;
export const MEMBERS: ReadonlyMap<number, string> = new Map([
  [OWNER, 'Olga'],
  [OTHER, 'Ana'],
]);
export const NOW = new Date('2026-05-01T10:00:00.000Z');
const author = { userId: OWNER, now: NOW };
const WORDS = ['Astoria', 'Tent', 'Gas', 'Pier', 'Lunch', 'Ferry', 'Dunes', 'Motel'];

export interface Edit {
  op: number;
  a: number;
  b: number;
}
export const edit: fc.Arbitrary<Edit> = fc.record({ op: fc.nat({ max: 15 }), a: fc.nat({ max: 1000 }), b: fc.nat({ max: 1000 }) });
/** Edits that mostly change or delete what is there: what a restore takes back. */
export const changing: fc.Arbitrary<Edit> = fc.record({ op: fc.constantFrom(0, 2, 2, 3, 4, 5, 5, 7, 8, 8, 8, 9, 11, 11, 12, 13, 14), a: fc.nat({ max: 1000 }), b: fc.nat({ max: 1000 }) });
/** Edits that mostly make things (stops, lists and items, ticks, expenses, payments, polls, votes): a trip to then change. */
export const making: fc.Arbitrary<Edit> = fc.record({ op: fc.constantFrom(0, 1, 5, 6, 7, 7, 7, 9, 9, 10, 10, 12, 13, 14, 15), a: fc.nat({ max: 1000 }), b: fc.nat({ max: 1000 }) });

/** Makes ids that were never used: a deleted id is never used again. */
export function idMaker(start: number): () => string {
  let next = start;
  return () => `00000000-0000-4000-8000-${(next++).toString(16).padStart(12, '0')}`;
}

const pick = <T>(items: readonly T[], at: number): T | undefined => (items.length ? items[at % items.length] : undefined);
const write = (doc: Y.Doc, writes: KeyWrite[]) => doc.transact(() => applyKeyWrites(doc, writes));

function expenseFields(a: number, stopId: string | null): moneyWrites.ExpenseFields {
  return {
    description: WORDS[a % WORDS.length],
    amount: 100 + a,
    currency: 'EUR',
    paidBy: OWNER,
    date: '2026-06-01',
    category: 'food',
    stopId,
    receiptPhoto: null,
    split: { kind: 'equal', parts: [{ userId: OWNER, value: 1 }, { userId: OTHER, value: 1 }] },
    rate: null,
  };
}

/** One edit; `startsPolls` false: polls are never deleted, so a whole restore could not take back one started after a version. */
export function applyEdit(doc: Y.Doc, { op, a, b }: Edit, newId: () => string, startsPolls: boolean): void {
  const stops = orderedStops(doc).map((stop) => stop.id);
  const lists = [...checklistsMap(doc).keys()];
  const items = [...checklistItemsMap(doc).keys()];
  const expenses = [...expensesMap(doc).keys()];
  const payments = [...paymentsMap(doc).keys()];
  const polls = [...pollsMap(doc).keys()];
  const word = WORDS[a % WORDS.length];
  switch (op) {
    case 0:
    case 1:
      addStop(doc, newId(), { name: word, latitude: 40 + (a % 50) / 10, longitude: -120 + (b % 50) / 10, notes: b % 3 ? null : word, overnight: b % 4 === 0 }, b % (stops.length + 1));
      return;
    case 2: {
      const id = pick(stops, a);
      if (id) deleteStop(doc, id);
      return;
    }
    case 3:
    case 4: {
      const id = pick(stops, a);
      if (id) moveStop(doc, id, b % stops.length);
      return;
    }
    case 5: {
      const id = pick(stops, a);
      const patches = [{ name: `${word} ${b}` }, { notes: b % 2 ? null : word }, { stayMinutes: b % 300 }, { visited: b % 2 === 0 }, { overnight: b % 2 === 0 }];
      if (id) updateStop(doc, id, patches[b % patches.length]);
      return;
    }
    case 6:
      write(doc, checklistWrites.createList(newId(), word, author));
      return;
    case 7: {
      const listId = pick(lists, a);
      if (listId) write(doc, checklistWrites.addItem(doc, newId(), { listId, text: word, assignee: b % 2 ? OTHER : null, dueDate: null }, author));
      return;
    }
    case 8: {
      if (b % 3 === 0) {
        const listId = pick(lists, a);
        if (listId) write(doc, checklistWrites.deleteList(doc, listId));
      } else {
        const itemId = pick(items, a);
        if (itemId) write(doc, b % 3 === 1 ? checklistWrites.deleteItem(itemId) : checklistWrites.updateItem(doc, itemId, { text: `${word} ${b}` }));
      }
      return;
    }
    case 9: {
      const itemId = pick(items, a);
      if (itemId) write(doc, checklistWrites.setDone(itemId, b % 2 === 0));
      return;
    }
    case 10:
      write(doc, moneyWrites.addExpense(doc, newId(), expenseFields(a, b % 2 ? (pick(stops, b) ?? null) : null), author));
      return;
    case 11: {
      const id = pick(expenses, a);
      if (id) write(doc, b % 2 ? moneyWrites.deleteExpense(id) : moneyWrites.updateExpense(doc, id, expenseFields(b, pick(stops, a) ?? null), author));
      return;
    }
    case 12: {
      const id = pick(payments, a);
      if (id && b % 2) write(doc, moneyWrites.deletePayment(id));
      else write(doc, moneyWrites.recordPayment(newId(), { from: OWNER, to: OTHER, amount: 500 + b, currency: 'EUR', date: '2026-06-02' }, author));
      return;
    }
    case 13:
      write(doc, b % 3 === 0 ? moneyWrites.setMoneySetting('budget:total', a * 100) : b % 3 === 1 ? moneyWrites.setMoneySetting('budget:food', null) : moneyWrites.setMoneySetting('rate:USD', `0.${(a % 9) + 1}`));
      return;
    case 14: {
      const pollId = pick(polls, a);
      if (pollId) write(doc, decisionWrites.votePoll(pollId, b % 3 === 2 ? [] : [b % 2], OWNER));
      return;
    }
    case 15:
      if (startsPolls) write(doc, decisionWrites.startPoll(newId(), { question: `${word}?`, options: ['Yes', 'No'], multiple: false, closesAt: null }, author));
      return;
  }
}

/** Every stop's content in trip order: its fields without its id, order key or derived drive leg. */
export function stopContents(doc: Y.Doc): Array<Record<string, unknown>> {
  return orderedStops(doc).map(({ id: _id, pos: _pos, driveLeg: _leg, ...fields }) => fields);
}

/** Each stop's whole map as stored, order key included, by id. */
export function storedStops(doc: Y.Doc): Record<string, unknown> {
  return Object.fromEntries([...stopsMap(doc).entries()].map(([id, map]) => [id, map.toJSON()]));
}
