/**
 * The trip's costs as CSV (csv-stringify), in four tables one after the other, each under its title and headers,
 * with an empty line between:
 * - the expenses, newest first, each with every member's share in the home currency (a column per member; empty
 *   for one not in its split, and for an expense waiting for a rate);
 * - the payments made, with their home amount;
 * - each member's balance in the home currency (positive: the group owes them);
 * members by name in the columns and the balances;
 * - the settle-up payments that would clear the balances.
 * A cell that begins with =, +, -, @, a tab or a carriage return is prefixed with ' so no spreadsheet reads it as a
 * formula (descriptions and names are anyone's text); a plain number such as -25.00 is left as it is.
 */
import { stringify } from 'csv-stringify/sync';
import { formatMinor, homeParts, rateFor, toHomeMinor, type TCostsOverview } from '@caravan/shared';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
export const neutralised = (cell: string) => (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell);

type NameOf = (userId: number) => string;

/** Members by name, so the columns and the balances read alphabetically. */
const byName = (nameOf: NameOf) => (a: number, b: number) => nameOf(a).localeCompare(nameOf(b)) || a - b;

/** Everyone the costs name (payers, splits, payments, balances), by name. */
function membersOf(overview: TCostsOverview, nameOf: NameOf): number[] {
  const ids = new Set<number>();
  for (const expense of overview.expenses) [expense.paidBy, ...expense.split.parts.map((part) => part.userId)].forEach((id) => ids.add(id));
  for (const payment of overview.payments) [payment.from, payment.to].forEach((id) => ids.add(id));
  for (const balance of overview.balances) ids.add(balance.userId);
  return [...ids].sort(byName(nameOf));
}

function expenseTable(overview: TCostsOverview, members: number[], nameOf: NameOf): string[][] {
  const home = overview.homeCurrency;
  const header = [
    'Date',
    'Description',
    'Category',
    'Amount',
    'Currency',
    'Paid by',
    `Amount in ${home}`,
    'Split',
    'Split among',
    ...members.map((id) => `Share of ${nameOf(id)} in ${home}`),
  ];
  const rows = overview.expenses.map((expense) => {
    const shares = expense.homeAmount === null ? new Map<number, number>() : homeParts(expense, expense.homeAmount, home);
    return [
      expense.date,
      expense.description,
      expense.category,
      formatMinor(expense.amount, expense.currency),
      expense.currency,
      nameOf(expense.paidBy),
      expense.homeAmount === null ? '' : formatMinor(expense.homeAmount, home),
      expense.split.kind,
      expense.split.parts.map((part) => nameOf(part.userId)).join('; '),
      ...members.map((id) => (shares.has(id) ? formatMinor(shares.get(id)!, home) : '')),
    ];
  });
  return [['Expenses'], header, ...rows];
}

function paymentTable(overview: TCostsOverview, nameOf: NameOf): string[][] {
  const home = overview.homeCurrency;
  const rows = overview.payments.map((payment) => {
    const rate = rateFor(overview, payment.currency);
    const inHome = rate === null ? null : toHomeMinor(payment.amount, payment.currency, rate, home);
    return [payment.date, nameOf(payment.from), nameOf(payment.to), formatMinor(payment.amount, payment.currency), payment.currency, inHome === null ? '' : formatMinor(inHome, home)];
  });
  return [['Payments'], ['Date', 'From', 'To', 'Amount', 'Currency', `Amount in ${home}`], ...rows];
}

function balanceTables(overview: TCostsOverview, nameOf: NameOf): string[][][] {
  const home = overview.homeCurrency;
  return [
    [['Balances'], ['Member', `Balance in ${home} (positive: is owed)`], ...[...overview.balances].sort((a, b) => byName(nameOf)(a.userId, b.userId)).map(({ userId, amount }) => [nameOf(userId), formatMinor(amount, home)])],
    [['Settle up'], ['From', 'To', `Amount in ${home}`], ...overview.settlements.map(({ from, to, amount }) => [nameOf(from), nameOf(to), formatMinor(amount, home)])],
  ];
}

export function buildCostsCsv(overview: TCostsOverview, nameOf: NameOf): string {
  const tables = [expenseTable(overview, membersOf(overview, nameOf), nameOf), paymentTable(overview, nameOf), ...balanceTables(overview, nameOf)];
  const records = tables.flatMap((table, index) => (index === 0 ? table : [[], ...table]));
  return stringify(records.map((row) => row.map(neutralised)), { record_delimiter: 'windows' });
}
