/**
 * This tab's writes to the live trip document's shared costs, through the money part's writers
 * (shared/src/parts/money) as this member's own edits: they sync when online and wait in this device's copy when
 * not; the live door judges each by the part's rule, as REST's.
 */
import type * as Y from 'yjs';
import { moneyWrites, type ExpenseFields, type MoneySettingKey, type PaymentFields } from '@caravan/shared';
import { writeLocal } from '../../../lib/collab/localEdit.ts';

const author = (userId: number) => ({ userId, now: new Date() });

/** A new expense (`id` null) or an edit of the one under `id`. */
export function writeExpense(doc: Y.Doc, userId: number, id: string | null, fields: ExpenseFields): void {
  writeLocal(doc, id === null ? moneyWrites.addExpense(doc, crypto.randomUUID(), fields, author(userId)) : moneyWrites.updateExpense(doc, id, fields, author(userId)));
}

export const deleteExpense = (doc: Y.Doc, id: string) => writeLocal(doc, moneyWrites.deleteExpense(id));
export const recordPayment = (doc: Y.Doc, userId: number, payment: PaymentFields) => writeLocal(doc, moneyWrites.recordPayment(crypto.randomUUID(), payment, author(userId)));
export const deletePayment = (doc: Y.Doc, id: string) => writeLocal(doc, moneyWrites.deletePayment(id));
export const writeSetting = (doc: Y.Doc, key: MoneySettingKey, value: string | number | null) => writeLocal(doc, moneyWrites.setMoneySetting(key, value));
