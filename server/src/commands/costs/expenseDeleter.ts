/**
 * Deletes an expense (its payer, or owner and editors: the money part's judge) and its stored receipt, unless listed
 * elsewhere; records expense_deleted.
 */
import { expensesMap, keptExpense, moneyMessages, moneyWrites, type TDeleteExpenseRequest, type TripRole } from '@caravan/shared';
import { writeParts, type User } from '@caravan/engine';
import { photoBlobsDeleter } from '../photoDeleter.ts';
import { storedPhotoIds, unusedLegacyPhotosDeleter } from '../../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../../types.ts';
import { entryOrNotFound } from './costsDoc.ts';

export async function expenseDeleter(
  { tripDocs, blobStore, logger }: PhotoWriteDeps,
  actor: User,
  role: TripRole,
  { tripId, expenseId }: TDeleteExpenseRequest,
): Promise<void> {
  let carried: string[] = [];
  const blobs = await writeParts(
    tripDocs,
    tripId,
    actor,
    role,
    ({ doc }) => {
      carried = storedPhotoIds([keptExpense(entryOrNotFound(expensesMap(doc), expenseId, moneyMessages.expenseNotFound))?.receiptPhoto]);
      return moneyWrites.deleteExpense(expenseId);
    },
    (doc, manager) => unusedLegacyPhotosDeleter(manager, doc, tripId, carried),
  );
  await photoBlobsDeleter({ blobStore, logger }, blobs);
}
