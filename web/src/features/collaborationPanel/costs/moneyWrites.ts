/**
 * This tab's writes to the live trip document's shared costs, as local transactions (they sync when online and
 * wait in this device's copy when not); the server checks each against the same rules as REST.
 */
import type * as Y from 'yjs';
import { expensesMap, moneySettingsMap, paymentsMap, type DocExpense, type DocPayment } from '@caravan/shared';
import { transactLocal } from '../../../lib/collab/localEdit.ts';

export function writeExpense(doc: Y.Doc, id: string, expense: Omit<DocExpense, 'id'>): void {
  transactLocal(doc, () => {
    expensesMap(doc).set(id, expense);
    if (expense.rate !== null) moneySettingsMap(doc).set(`rate:${expense.currency}`, expense.rate);
  });
}

export const deleteExpense = (doc: Y.Doc, id: string) => transactLocal(doc, () => expensesMap(doc).delete(id));
export const writePayment = (doc: Y.Doc, id: string, payment: Omit<DocPayment, 'id'>) => transactLocal(doc, () => paymentsMap(doc).set(id, payment));
export const deletePayment = (doc: Y.Doc, id: string) => transactLocal(doc, () => paymentsMap(doc).delete(id));

export function writeSetting(doc: Y.Doc, key: string, value: string | number | null): void {
  transactLocal(doc, () => {
    if (value === null) moneySettingsMap(doc).delete(key);
    else moneySettingsMap(doc).set(key, value);
  });
}
