/** Planned against spent, for the whole trip and per category, in the home currency's minor units. */
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../contracts/moneyFields.ts';
import type { MoneyState } from '../../tripDoc/money.ts';
import type { Balances } from './balances.ts';

export interface BudgetLine {
  key: 'total' | ExpenseCategory;
  /** null: no budget set. */
  planned: number | null;
  spent: number;
}

export function budgetLines(state: MoneyState, balances: Balances): BudgetLine[] {
  const spent = new Map<string, number>();
  for (const expense of state.expenses) {
    const home = balances.homeAmounts.get(expense.id);
    if (home === undefined) continue;
    spent.set(expense.category, (spent.get(expense.category) ?? 0) + home);
    spent.set('total', (spent.get('total') ?? 0) + home);
  }
  return (['total', ...EXPENSE_CATEGORIES] as const).map((key) => ({ key, planned: state.budget[key] ?? null, spent: spent.get(key) ?? 0 }));
}
