/**
 * The trip's expenses as CSV (csv-stringify), one row per expense, newest first. A cell that begins with =, +,
 * -, @, a tab or a carriage return is prefixed with ' so no spreadsheet reads it as a formula (descriptions are
 * anyone's text).
 */
import { stringify } from 'csv-stringify/sync';
import { formatMinor, type TCostsOverview } from '@caravan/shared';

const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralised = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

export function buildCostsCsv(overview: TCostsOverview, nameOf: (userId: number) => string): string {
  const header = ['Date', 'Description', 'Category', 'Amount', 'Currency', 'Paid by', `Amount in ${overview.homeCurrency}`, 'Split', 'Split among'];
  const rows = overview.expenses.map((expense) => [
    expense.date,
    expense.description,
    expense.category,
    formatMinor(expense.amount, expense.currency),
    expense.currency,
    nameOf(expense.paidBy),
    expense.homeAmount === null ? '' : formatMinor(expense.homeAmount, overview.homeCurrency),
    expense.split.kind,
    expense.split.parts.map((part) => nameOf(part.userId)).join('; '),
  ]);
  return stringify([header, ...rows].map((row) => row.map(neutralised)), { record_delimiter: 'windows' });
}
