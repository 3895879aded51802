/**
 * Planned against spent, for the whole trip and per category, in the home currency's minor units; with the lodging
 * booked on overnight stops (their prices, converted at the remembered rates) counted as planned lodging, on the
 * lodging line and the whole trip's. A price in a currency with no remembered rate is not counted (it has no
 * amount in the home currency yet).
 */
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../contracts/moneyFields.ts';
import type { MoneyState } from '../../parts/money/index.ts';
import type { Balances } from './balances.ts';
import { toHomeMinor } from './conversion.ts';

export interface BudgetLine {
  key: 'total' | ExpenseCategory;
  /** null: no budget set. */
  planned: number | null;
  spent: number;
  /** Lodging booked on overnight stops (lodging and total lines; 0 on the others). */
  booked: number;
}

/** The booked lodging in home minor units. */
function bookedLodging(state: MoneyState): number {
  let booked = 0;
  for (const { amountMinor, currency } of state.lodging) {
    const rate = state.rates[currency];
    const home = currency === state.homeCurrency ? amountMinor : rate ? toHomeMinor(amountMinor, currency, rate, state.homeCurrency) : null;
    booked += home ?? 0;
  }
  return booked;
}

export function budgetLines(state: MoneyState, balances: Balances): BudgetLine[] {
  const spent = new Map<string, number>();
  for (const expense of state.expenses) {
    const home = balances.homeAmounts.get(expense.id);
    if (home === undefined) continue;
    spent.set(expense.category, (spent.get(expense.category) ?? 0) + home);
    spent.set('total', (spent.get('total') ?? 0) + home);
  }
  const booked = bookedLodging(state);
  return (['total', ...EXPENSE_CATEGORIES] as const).map((key) => ({
    key,
    planned: state.budget[key] ?? null,
    spent: spent.get(key) ?? 0,
    booked: key === 'total' || key === 'lodging' ? booked : 0,
  }));
}
