/**
 * The activity a shared-cost write records, whichever door it came through (clients format the amounts, which are
 * minor units: "Ana paid $42.00 for Fuel"):
 * - expense_added / expense_updated / expense_deleted  {expenseId, description, amount, currency, category, paidBy}
 * - payment_recorded / payment_deleted                  {paymentId, from, to, amount, currency}
 * A payment written over another (the app deletes and records) reads as a new one; a value that is not a valid
 * entry records nothing; settings record nothing.
 */
import type { ActivityNote, KeyChange } from '../part.ts';
import { MONEY_ROOT, ZDocPayment, ZKeptExpense } from './schema.ts';

export function moneyActivity({ root, key, before, after }: KeyChange): ActivityNote[] {
  const deleted = after === undefined;
  if (root === MONEY_ROOT.expenses) {
    const parsed = ZKeptExpense.safeParse(deleted ? before : after);
    if (!parsed.success) return [];
    const { description, amount, currency, category, paidBy } = parsed.data;
    const action = deleted ? 'deleted' : before === undefined ? 'added' : 'updated';
    return [{ type: `expense_${action}`, data: { expenseId: key, description, amount, currency, category, paidBy } }];
  }
  if (root === MONEY_ROOT.payments) {
    const parsed = ZDocPayment.safeParse(deleted ? before : after);
    if (!parsed.success) return [];
    const { from, to, amount, currency } = parsed.data;
    return [{ type: deleted ? 'payment_deleted' : 'payment_recorded', data: { paymentId: key, from, to, amount, currency } }];
  }
  return [];
}
