/**
 * The PDF's costs page as plain lines (so the model crosses into the worker pool as data): each expense with
 * its amount and home amount, each member's balance and the settle-up payments, amounts as "42.00 EUR".
 * Null for a trip with no expenses or payments: its PDF has no costs page.
 */
import { formatMinor, messages, type TCostsOverview } from '@caravan/shared';

export interface ExportCosts {
  homeCurrency: string;
  expenses: Array<{ date: string; description: string; category: string; paidBy: string; amount: string; home: string | null }>;
  balances: Array<{ name: string; amount: string }>;
  settlements: string[];
}

const money = (amount: number, currency: string) => `${formatMinor(amount, currency)} ${currency}`;

export function exportCostsOf(overview: TCostsOverview, nameOf: (userId: number) => string): ExportCosts | null {
  if (overview.expenses.length === 0 && overview.payments.length === 0) return null;
  const home = overview.homeCurrency;
  return {
    homeCurrency: home,
    expenses: overview.expenses.map((expense) => ({
      date: expense.date,
      description: expense.description,
      category: expense.category,
      paidBy: nameOf(expense.paidBy),
      amount: money(expense.amount, expense.currency),
      home: expense.currency === home || expense.homeAmount === null ? null : money(expense.homeAmount, home),
    })),
    balances: overview.balances.map(({ userId, amount }) => ({ name: nameOf(userId), amount: money(amount, home) })),
    settlements: overview.settlements.map(({ from, to, amount }) => messages.tripExport.file.costs.payment(nameOf(from), nameOf(to), money(amount, home))),
  };
}
