/**
 * Activity entries for shared costs, written the same whichever door the change came through (the REST
 * commands, and members' live edits: collab-server/src/liveMoneyActivity.ts):
 * - expense_added / expense_updated / expense_deleted  {expenseId, description, amount, currency, category, paidBy}
 * - payment_recorded / payment_deleted                  {paymentId, from, to, amount, currency}
 * Amounts are minor units; clients format them ("Ana paid $42.00 for Fuel").
 */
import type * as Y from 'yjs';
import { ZDocPayment, ZKeptExpense, type DocActivity } from '@caravan/shared';
import { recordActivity, type ActivityActor } from './activityRecorder.ts';

export type MoneyChange =
  | { kind: 'expense'; action: 'added' | 'updated' | 'deleted'; id: string; entry: unknown }
  | { kind: 'payment'; action: 'added' | 'deleted'; id: string; entry: unknown };

/** Call inside the write's transaction; null for an entry that is not a valid one (nothing to tell). */
export function recordMoneyChange(doc: Y.Doc, actor: ActivityActor, change: MoneyChange, now: Date = new Date()): DocActivity | null {
  if (change.kind === 'expense') {
    const parsed = ZKeptExpense.safeParse(change.entry);
    if (!parsed.success) return null;
    const { description, amount, currency, category, paidBy } = parsed.data;
    const data = { expenseId: change.id, description, amount, currency, category, paidBy };
    return recordActivity(doc, actor, `expense_${change.action}`, data, now);
  }
  const parsed = ZDocPayment.safeParse(change.entry);
  if (!parsed.success) return null;
  const { from, to, amount, currency } = parsed.data;
  const type = change.action === 'added' ? 'payment_recorded' : 'payment_deleted';
  return recordActivity(doc, actor, type, { paymentId: change.id, from, to, amount, currency }, now);
}
