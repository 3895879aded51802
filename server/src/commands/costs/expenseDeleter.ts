/** Deletes an expense (its payer, or owner and editors); records expense_deleted. */
import { ZDocExpense, expensesMap, mayWriteExpense, moneyMessages, type TDeleteExpenseRequest, type TripRole } from '@caravan/shared';
import { recordMoneyChange, serverOrigin, type TripDocHub, type User } from '@caravan/engine';
import { allowOrForbid, entryOrNotFound } from './costsDoc.ts';

export function expenseDeleter(tripDocs: TripDocHub, actor: User, role: TripRole | null, { tripId, expenseId }: TDeleteExpenseRequest): Promise<void> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const expenses = expensesMap(doc);
    const entry = entryOrNotFound(expenses, expenseId, moneyMessages.expenseNotFound);
    const parsed = ZDocExpense.safeParse(entry);
    allowOrForbid(mayWriteExpense(role, actor.id, parsed.success ? parsed.data : { paidBy: 0 }));
    transact(() => {
      expenses.delete(expenseId);
      recordMoneyChange(doc, actor, { kind: 'expense', action: 'deleted', id: expenseId, entry });
    });
  });
}
