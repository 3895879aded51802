/** Deletes an expense (its payer, or owner and editors) and its stored receipt, unless listed elsewhere; records expense_deleted. */
import { ZKeptExpense, expensesMap, mayWriteExpense, moneyMessages, type TDeleteExpenseRequest, type TripRole } from '@caravan/shared';
import { recordMoneyChange, serverOrigin, type User } from '@caravan/engine';
import { photoBlobsDeleter } from '../photoDeleter.ts';
import { storedPhotoIds, unusedLegacyPhotosDeleter } from '../../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../../types.ts';
import { allowOrForbid, entryOrNotFound } from './costsDoc.ts';

export async function expenseDeleter(
  { tripDocs, blobStore, logger }: PhotoWriteDeps,
  actor: User,
  role: TripRole | null,
  { tripId, expenseId }: TDeleteExpenseRequest,
): Promise<void> {
  const blobs = await tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, manager, transact }) => {
    const expenses = expensesMap(doc);
    const entry = entryOrNotFound(expenses, expenseId, moneyMessages.expenseNotFound);
    const parsed = ZKeptExpense.safeParse(entry);
    allowOrForbid(mayWriteExpense(role, actor.id, parsed.success ? parsed.data : { paidBy: 0 }));
    transact(() => {
      expenses.delete(expenseId);
      recordMoneyChange(doc, actor, { kind: 'expense', action: 'deleted', id: expenseId, entry });
    });
    return unusedLegacyPhotosDeleter(manager, doc, tripId, storedPhotoIds([parsed.data?.receiptPhoto]));
  });
  await photoBlobsDeleter({ blobStore, logger }, blobs);
}
