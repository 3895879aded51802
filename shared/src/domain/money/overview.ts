/** The costs overview from the document's money state: what the REST overview answers and the Costs tab shows alike. */
import type { TCostsOverview } from '../../contracts/moneyCalls.ts';
import type { MoneyState } from '../../parts/money/index.ts';
import { computeBalances } from './balances.ts';
import { budgetLines } from './budget.ts';
import { settleUp } from './settleUp.ts';

export function costsOverview(state: MoneyState): TCostsOverview {
  const balances = computeBalances(state);
  return {
    homeCurrency: state.homeCurrency,
    rates: state.rates,
    expenses: state.expenses.map((expense) => ({ ...expense, homeAmount: balances.homeAmounts.get(expense.id) ?? null })),
    payments: state.payments,
    balances: [...balances.byMember].sort(([a], [b]) => a - b).map(([userId, amount]) => ({ userId, amount })),
    settlements: settleUp(balances.byMember),
    budget: budgetLines(state, balances),
  };
}
