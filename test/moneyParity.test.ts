/** Shared costs written through REST and through the live door leave the same expenses, payments, settings, activity and refusals (./parts/doorParity.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as Y from 'yjs';
import { calls, moneyWrites, readExpense, readMoney, readPayment, type KeyWrite } from '@caravan/shared';
import { checkDoorParity, named, ref, sequenceOf, userOf, type Actor, type Crew, type Labels, type Named, type PartParityCase, type RestWrite } from './parts/doorParity.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();

/** An expense in the home currency, or in euros at a rate (written in a spelling the rule makes one). */
const PRICES = [
  { currency: 'USD', rate: null },
  { currency: 'EUR', rate: '0.920' },
] as const;

type MoneyAction = { actor: Actor; label: string } & (
  | { op: 'addExpense'; amount: number; price: 0 | 1; paidBy: Named; among: Named[] }
  | { op: 'updateExpense'; expense: string; amount: number; price: 0 | 1; paidBy: Named; among: Named[] }
  | { op: 'deleteExpense'; expense: string }
  | { op: 'recordPayment'; from: Named; to: Named; amount: number }
  | { op: 'deletePayment'; payment: string }
);

const amount = fc.constantFrom(1200, 4550, 999);
const price = fc.constantFrom<0 | 1>(0, 1);
const among = fc.uniqueArray(named, { minLength: 1, maxLength: 3 });
const expenseFields = { amount, price, paidBy: named, among };
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('addExpense' as const), ...expenseFields }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('updateExpense' as const), expense: ref, ...expenseFields }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteExpense' as const), expense: ref }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('recordPayment' as const), from: named, to: named, amount }).filter((payment) => payment.from !== payment.to),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deletePayment' as const), payment: ref }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const actions = sequenceOf<Step>(
  [['editor', { op: 'addExpense', amount: 4550, price: 0, paidBy: 'editor', among: ['owner', 'editor', 'viewer'] }]],
  step,
  { expense: 'expense', payment: 'payment' },
  (made) => (made.op === 'addExpense' ? 'expense' : made.op === 'recordPayment' ? 'payment' : null),
) as fc.Arbitrary<MoneyAction[]>;

type ExpenseStep = Extract<MoneyAction, { op: 'addExpense' | 'updateExpense' }>;
const expenseOf = (action: ExpenseStep, crew: Crew) => ({
  description: 'Groceries',
  amount: action.amount,
  ...PRICES[action.price],
  paidBy: userOf(crew, action.paidBy)!,
  date: '2027-06-01',
  category: 'food' as const,
  stopId: null,
  receiptPhoto: null,
  split: { kind: 'equal' as const, parts: action.among.map((who) => ({ userId: userOf(crew, who)!, value: 1 })) },
});
const paymentOf = (action: Extract<MoneyAction, { op: 'recordPayment' }>, crew: Crew) => ({
  from: userOf(crew, action.from)!,
  to: userOf(crew, action.to)!,
  amount: action.amount,
  currency: 'USD',
  date: '2027-06-02',
});

const money: PartParityCase<MoneyAction> = {
  actions,
  activityTypes: ['expense_added', 'expense_updated', 'expense_deleted', 'payment_recorded', 'payment_deleted'],

  rest(action, tripId, ids, crew): RestWrite {
    const c = calls.costs;
    switch (action.op) {
      case 'addExpense':
        return { path: c.addExpense.path, body: { tripId, ...expenseOf(action, crew) }, creates: action.label };
      case 'updateExpense':
        return { path: c.updateExpense.path, body: { tripId, expenseId: ids.id(action.expense), ...expenseOf(action, crew) } };
      case 'deleteExpense':
        return { path: c.deleteExpense.path, body: { tripId, expenseId: ids.id(action.expense) } };
      case 'recordPayment':
        return { path: c.recordPayment.path, body: { tripId, ...paymentOf(action, crew) }, creates: action.label };
      case 'deletePayment':
        return { path: c.deletePayment.path, body: { tripId, paymentId: ids.id(action.payment) } };
    }
  },

  // What the Costs tab offers: editing or deleting an entry that is there.
  live(action, doc, ids, crew): KeyWrite[] {
    const author = { userId: crew[action.actor].id, now: new Date() };
    const made = () => {
      const id = crypto.randomUUID();
      ids.set(action.label, id);
      return id;
    };
    switch (action.op) {
      case 'addExpense':
        return moneyWrites.addExpense(doc, made(), expenseOf(action, crew), author);
      case 'updateExpense':
        return readExpense(doc, ids.id(action.expense)) ? moneyWrites.updateExpense(doc, ids.id(action.expense), expenseOf(action, crew), author) : [];
      case 'deleteExpense':
        return readExpense(doc, ids.id(action.expense)) ? moneyWrites.deleteExpense(ids.id(action.expense)) : [];
      case 'recordPayment':
        return moneyWrites.recordPayment(made(), paymentOf(action, crew), author);
      case 'deletePayment':
        return readPayment(doc, ids.id(action.payment)) ? moneyWrites.deletePayment(ids.id(action.payment)) : [];
    }
  },

  view(doc: Y.Doc, ids: Labels) {
    const { homeCurrency, rates, expenses, payments } = readMoney(doc);
    return {
      homeCurrency,
      rates,
      expenses: expenses
        .map(({ id, description, amount, currency, paidBy, split, rate, createdBy }) => ({ expense: ids.label(id), description, amount, currency, paidBy, split, rate, createdBy }))
        .sort((a, b) => a.expense.localeCompare(b.expense)),
      payments: payments
        .map(({ id, from, to, amount, createdBy }) => ({ payment: ids.label(id), from, to, amount, createdBy }))
        .sort((a, b) => a.payment.localeCompare(b.payment)),
    };
  },
};

describe('shared costs through both doors', () => {
  it('leave the same expenses, payments, rates, activity and refusals for random writes by random members', async () => {
    const tally = await checkDoorParity(t, money, 15);
    // Not vacuous: both kinds of outcome, and the entries' activity.
    expect(tally.done).toBeGreaterThan(30);
    expect(tally.refused).toBeGreaterThan(5);
    expect(tally.activity).toBeGreaterThan(20);
  }, 240_000);
});
