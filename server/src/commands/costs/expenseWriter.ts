/**
 * Adds or replaces an expense through the money part's writers and judge (shared/src/parts/money), as the live door
 * takes a member's: a member records an expense they paid and edits their own, owner and editors any; its rate is
 * put in normal form and remembered for its currency, as the Costs tab does. A receipt is a photo this trip stored
 * (POST /trips/costs/receipts); one the expense no longer carries (replaced or removed) is deleted unless listed
 * elsewhere. Records expense_added / expense_updated.
 */
import { randomUUID } from 'node:crypto';
import {
  keptExpense,
  moneyMessages,
  moneyWrites,
  expensesMap,
  readExpense,
  type DocExpense,
  type TAddExpenseRequest,
  type TripRole,
  type TUpdateExpenseRequest,
} from '@caravan/shared';
import { writeParts, type User } from '@caravan/engine';
import { photoBlobsDeleter } from '../photoDeleter.ts';
import { storedPhotoIds, unusedLegacyPhotosDeleter } from '../../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../../types.ts';
import { assertTripPhoto, entryOrNotFound } from './costsDoc.ts';

export async function expenseWriter(
  { tripDocs, blobStore, logger }: PhotoWriteDeps,
  actor: User,
  role: TripRole,
  params: TAddExpenseRequest | TUpdateExpenseRequest,
  now: Date = new Date(),
): Promise<DocExpense> {
  const { tripId, ...fields } = params;
  const existingId = 'expenseId' in fields ? fields.expenseId : null;
  const id = existingId ?? randomUUID();
  const author = { userId: actor.id, now };
  /** The stored receipts the expense carried before this write. */
  let carried: string[] = [];
  const { expense, blobs } = await writeParts(
    tripDocs,
    tripId,
    actor,
    role,
    async ({ doc, manager }) => {
      const previous = existingId === null ? null : keptExpense(entryOrNotFound(expensesMap(doc), existingId, moneyMessages.expenseNotFound));
      carried = storedPhotoIds([previous?.receiptPhoto]);
      if (fields.receiptPhoto !== null && fields.receiptPhoto !== previous?.receiptPhoto) await assertTripPhoto(manager, tripId, fields.receiptPhoto);
      return existingId === null ? moneyWrites.addExpense(doc, id, fields, author) : moneyWrites.updateExpense(doc, id, fields, author);
    },
    async (doc, manager) => {
      const written = readExpense(doc, id)!;
      const dropped = carried.filter((photoId) => !storedPhotoIds([written.receiptPhoto]).includes(photoId));
      return { expense: { ...written, id }, blobs: await unusedLegacyPhotosDeleter(manager, doc, tripId, dropped) };
    },
    now,
  );
  await photoBlobsDeleter({ blobStore, logger }, blobs);
  return expense;
}
