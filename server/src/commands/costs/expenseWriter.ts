/**
 * Adds or replaces an expense in the trip document as a server-origin change, under the same rules the live
 * door applies (shared/src/domain/money/moneyPermissions.ts): a member records an expense they paid and edits
 * their own, owner and editors any. A rate sent with it is remembered for its currency, as the Costs tab does.
 * A receipt is a photo this trip stored (POST /trips/costs/receipts); one the expense no longer carries (replaced or
 * removed) is deleted unless listed elsewhere.
 * Records expense_added / expense_updated.
 */
import { randomUUID } from 'node:crypto';
import {
  ZDocExpense,
  ZKeptExpense,
  expensesMap,
  mayWriteExpense,
  membersNamedBy,
  moneyMessages,
  moneySettingsMap,
  readMoney,
  type DocExpense,
  type TAddExpenseRequest,
  type TripRole,
  type TUpdateExpenseRequest,
} from '@caravan/shared';
import { recordMoneyChange, serverOrigin, type User } from '@caravan/engine';
import { photoBlobsDeleter } from '../photoDeleter.ts';
import { storedPhotoIds, unusedLegacyPhotosDeleter } from '../../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../../types.ts';
import { allowOrForbid, assertMembers, assertRoomFor, assertTripPhoto, entryOrNotFound } from './costsDoc.ts';

export async function expenseWriter(
  { tripDocs, blobStore, logger }: PhotoWriteDeps,
  actor: User,
  role: TripRole | null,
  params: TAddExpenseRequest | TUpdateExpenseRequest,
  now: Date = new Date(),
): Promise<DocExpense> {
  const { tripId, ...fields } = params;
  const existingId = 'expenseId' in fields ? fields.expenseId : null;
  const { expense, blobs } = await tripDocs.write(tripId, serverOrigin(actor.id), async ({ doc, manager, transact }) => {
    const expenses = expensesMap(doc);
    const before = existingId === null ? undefined : ZKeptExpense.safeParse(entryOrNotFound(expenses, existingId, moneyMessages.expenseNotFound));
    if (before && !before.success) allowOrForbid(mayWriteExpense(role, actor.id, { paidBy: 0 }));
    const previous = before?.success ? before.data : undefined;
    if (existingId === null) assertRoomFor(expenses);
    const id = existingId ?? randomUUID();
    const { homeCurrency } = readMoney(doc);
    const { expenseId: _ignored, ...values } = fields as TUpdateExpenseRequest;
    const expense = {
      ...values,
      rateTo: values.rate === null || values.currency === homeCurrency ? null : homeCurrency,
      rate: values.currency === homeCurrency ? null : values.rate,
      createdBy: previous?.createdBy ?? actor.id,
      createdAt: previous?.createdAt ?? now.toISOString(),
    };
    allowOrForbid(mayWriteExpense(role, actor.id, previous, expense));
    await assertMembers(manager, tripId, membersNamedBy(expense));
    if (expense.receiptPhoto !== null && expense.receiptPhoto !== previous?.receiptPhoto) await assertTripPhoto(manager, tripId, expense.receiptPhoto);
    const entry = ZDocExpense.parse(expense);
    transact(() => {
      expenses.set(id, entry);
      if (entry.rate !== null) moneySettingsMap(doc).set(`rate:${entry.currency}`, entry.rate);
      recordMoneyChange(doc, actor, { kind: 'expense', action: existingId ? 'updated' : 'added', id, entry }, now);
    });
    const dropped = previous?.receiptPhoto === entry.receiptPhoto ? [] : storedPhotoIds([previous?.receiptPhoto]);
    return { expense: { ...entry, id }, blobs: await unusedLegacyPhotosDeleter(manager, doc, tripId, dropped) };
  });
  await photoBlobsDeleter({ blobStore, logger }, blobs);
  return expense;
}
