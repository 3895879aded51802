/**
 * Each member's net position in the home currency (positive: the group owes them), from expenses and payments.
 * An expense converts to the home currency once, at its own rate when it was recorded against the current home
 * currency, else at the trip's remembered rate; its home amount then divides in proportion to the split's parts
 * (allocate, so the parts still sum exactly). The payer is owed the whole, each member owes their part: the
 * balances always sum to zero. An entry with no rate to the home currency (or one converting past AMOUNT_MAX) is
 * left out and listed as such.
 */
import type { DocExpense, DocPayment, MoneyState } from '../../parts/money/index.ts';
import { toHomeMinor } from './conversion.ts';
import { allocateMinor, splitAmount } from './split.ts';

export interface Balances {
  /** Minor units of the home currency by user id; sums to zero. */
  byMember: Map<number, number>;
  /** Each counted expense in the home currency, by expense id. */
  homeAmounts: Map<string, number>;
  /** Expenses and payments with no rate to the home currency yet (or out of range at it). */
  unconverted: { expenses: DocExpense[]; payments: DocPayment[] };
}

/** The rate from `currency` to the home currency, or null when none is known. */
export function rateFor(state: Pick<MoneyState, 'homeCurrency' | 'rates'>, currency: string, own?: { rate: string | null; rateTo: string | null }): string | null {
  if (currency === state.homeCurrency) return '1';
  if (own?.rate && own.rateTo === state.homeCurrency) return own.rate;
  return state.rates[currency] ?? null;
}

/**
 * Each member's part of an expense in the home currency, by user id: its home amount divided in proportion to the
 * split's parts in its own currency (allocate, so the parts sum exactly to `homeAmount`).
 */
export function homeParts(expense: Pick<DocExpense, 'amount' | 'currency' | 'split'>, homeAmount: number, home: string): Map<number, number> {
  const parts = splitAmount(expense.amount, expense.currency, expense.split);
  const members = [...parts.keys()];
  const weights = members.map((id) => BigInt(parts.get(id)!));
  const inHome = homeAmount === 0 ? members.map(() => 0) : allocateMinor(homeAmount, home, weights);
  return new Map(members.map((id, index) => [id, inHome[index]]));
}

export function computeBalances(state: MoneyState): Balances {
  const home = state.homeCurrency;
  const byMember = new Map<number, number>();
  const add = (userId: number, amount: number) => byMember.set(userId, (byMember.get(userId) ?? 0) + amount);
  const result: Balances = { byMember, homeAmounts: new Map(), unconverted: { expenses: [], payments: [] } };
  for (const expense of state.expenses) {
    const rate = rateFor(state, expense.currency, expense);
    const homeAmount = rate === null ? null : toHomeMinor(expense.amount, expense.currency, rate, home);
    if (homeAmount === null) {
      result.unconverted.expenses.push(expense);
      continue;
    }
    result.homeAmounts.set(expense.id, homeAmount);
    add(expense.paidBy, homeAmount);
    for (const [id, part] of homeParts(expense, homeAmount, home)) add(id, -part);
  }
  for (const payment of state.payments) {
    const rate = rateFor(state, payment.currency);
    const amount = rate === null ? null : toHomeMinor(payment.amount, payment.currency, rate, home);
    if (amount === null) {
      result.unconverted.payments.push(payment);
      continue;
    }
    add(payment.from, amount);
    add(payment.to, -amount);
  }
  return result;
}
