import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZDocExpense, type DocExpense, type DocPayment, type MoneyState } from '../../parts/money/index.ts';
import { computeBalances } from './balances.ts';
import { toHomeMinor } from './conversion.ts';
import { settleUp } from './settleUp.ts';
import { PERCENT_WHOLE, splitAmount, splitProblem, type Split } from './split.ts';

const MEMBERS = [1, 2, 3, 4, 5, 6];
const CURRENCIES = ['EUR', 'USD', 'JPY', 'KWD'];

/** Random parts that always sum as the split kind requires: exact to the amount, percentages to 100 %. */
function cutInto(total: number, count: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: total }), { minLength: count - 1, maxLength: count - 1 }).map((cuts) => {
    const sorted = [0, ...cuts.sort((a, b) => a - b), total];
    return sorted.slice(1).map((value, index) => value - sorted[index]);
  });
}

const splitArb = (amount: number): fc.Arbitrary<Split> =>
  fc
    .tuple(fc.constantFrom('equal', 'shares', 'exact', 'percent' as const), fc.shuffledSubarray(MEMBERS, { minLength: 1 }))
    .chain(([kind, members]) => {
      const values =
        kind === 'exact'
          ? cutInto(amount, members.length)
          : kind === 'percent'
            ? cutInto(PERCENT_WHOLE, members.length)
            : fc.array(fc.integer({ min: 1, max: 20 }), { minLength: members.length, maxLength: members.length });
      return values.map((list) => ({ kind, parts: members.map((userId, index) => ({ userId, value: list[index] })) }) as Split);
    });

const expenseArb: fc.Arbitrary<DocExpense> = fc
  .tuple(fc.uuid(), fc.integer({ min: 1, max: 1_000_000_000_000 }), fc.constantFrom(...CURRENCIES), fc.constantFrom(...MEMBERS))
  .chain(([id, amount, currency, paidBy]) =>
    splitArb(amount).map((split) => ({
      id,
      description: 'Something',
      amount,
      currency,
      paidBy,
      createdBy: paidBy,
      date: '2026-07-01',
      category: 'other' as const,
      stopId: null,
      receiptPhoto: null,
      split,
      rate: null,
      rateTo: null,
      createdAt: '2026-07-01T10:00:00.000Z',
    })),
  );

const paymentArb: fc.Arbitrary<DocPayment> = fc
  .tuple(fc.uuid(), fc.constantFrom(...MEMBERS), fc.constantFrom(...MEMBERS), fc.integer({ min: 1, max: 1_000_000 }))
  .filter(([, from, to]) => from !== to)
  .map(([id, from, to, amount]) => ({ id, from, to, amount, currency: 'EUR', date: '2026-07-02', createdBy: from, createdAt: '2026-07-02T00:00:00Z' }));

const rateArb = fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 99_999_999 })).map(([whole, fraction]) => `${whole}.${fraction}`);

const stateArb: fc.Arbitrary<MoneyState> = fc
  .record({
    expenses: fc.array(expenseArb, { maxLength: 25 }),
    payments: fc.array(paymentArb, { maxLength: 5 }),
    usd: rateArb,
    jpy: rateArb,
    kwd: rateArb,
  })
  .map(({ expenses, payments, usd, jpy, kwd }) => ({
    homeCurrency: 'EUR',
    rates: { USD: usd, JPY: jpy, KWD: kwd },
    budget: {},
    lodging: [],
    expenses,
    payments,
  }));

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

describe('shared costs, over random expenses and splits', () => {
  it('splits every amount into integer parts that sum to it exactly', () => {
    fc.assert(
      fc.property(expenseArb, (expense) => {
        expect(splitProblem(expense.amount, expense.split)).toBeNull();
        const { id: _id, ...fields } = expense;
        expect(ZDocExpense.safeParse(fields).success).toBe(true);
        const parts = splitAmount(expense.amount, expense.currency, expense.split);
        expect([...parts.values()].every(Number.isSafeInteger)).toBe(true);
        expect(sum(parts.values())).toBe(expense.amount);
      }),
    );
  });

  it('keeps balances summing to zero in the home currency, and settle-up clears them in at most n-1 payments', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const balances = computeBalances(state);
        expect(sum(balances.byMember.values())).toBe(0);
        const counted = state.expenses.filter((expense) => !balances.unconverted.expenses.includes(expense));
        expect(sum(balances.homeAmounts.values())).toBe(sum(counted.map((e) => toHomeMinor(e.amount, e.currency, e.currency === 'EUR' ? '1' : state.rates[e.currency], 'EUR')!)));
        const owing = [...balances.byMember.values()].filter((value) => value !== 0).length;
        const payments = settleUp(balances.byMember);
        expect(payments.length).toBeLessThanOrEqual(Math.max(owing - 1, 0));
        const settled = new Map(balances.byMember);
        for (const { from, to, amount } of payments) {
          expect(amount).toBeGreaterThan(0);
          settled.set(from, settled.get(from)! + amount);
          settled.set(to, settled.get(to)! - amount);
        }
        expect([...settled.values()].every((value) => value === 0)).toBe(true);
      }),
    );
  });
});

describe('shared costs, worked examples', () => {
  it('hands the remainder out a minor unit at a time, larger parts first, then the lower user id, whatever order the parts came in', () => {
    const split: Split = { kind: 'equal', parts: [{ userId: 3, value: 0 }, { userId: 1, value: 0 }, { userId: 2, value: 0 }] };
    expect([...splitAmount(1000, 'EUR', split)]).toEqual([[1, 334], [2, 333], [3, 333]]);
    expect([...splitAmount(100, 'JPY', { kind: 'shares', parts: [{ userId: 1, value: 2 }, { userId: 2, value: 1 }] })]).toEqual([[1, 67], [2, 33]]);
    expect([...splitAmount(1001, 'EUR', { kind: 'percent', parts: [{ userId: 1, value: 3333 }, { userId: 2, value: 6667 }] })]).toEqual([[1, 333], [2, 668]]);
  });

  it('converts with integers, rounding half to even to the home currency minor unit', () => {
    expect(toHomeMinor(12345, 'EUR', '163.12345', 'JPY')).toBe(20138);
    expect(toHomeMinor(1000, 'USD', '0.9', 'EUR')).toBe(900);
    expect(toHomeMinor(1, 'KWD', '3.25', 'EUR')).toBe(0);
    expect(toHomeMinor(2000, 'JPY', '0.0061', 'KWD')).toBe(12200);
  });

  it('refuses splits that do not divide the amount', () => {
    expect(splitProblem(100, { kind: 'exact', parts: [{ userId: 1, value: 60 }, { userId: 2, value: 30 }] })).toMatch(/add up/);
    expect(splitProblem(100, { kind: 'percent', parts: [{ userId: 1, value: 5000 }] })).toMatch(/100/);
    expect(splitProblem(100, { kind: 'equal', parts: [{ userId: 1, value: 0 }, { userId: 1, value: 0 }] })).toMatch(/once/);
    expect(splitProblem(100, { kind: 'shares', parts: [{ userId: 1, value: 0 }] })).toMatch(/at least 1/);
  });
});
