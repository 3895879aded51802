/**
 * The only code that sets shared-cost keys: each writer answers the key writes of one change, which the browser
 * applies as the member's own edit and REST applies once the part's judge has taken them (../registry.ts).
 * A writer reads the document as it is; what it is asked about must exist (the caller has looked).
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import type { KeyWrite } from '../part.ts';
import { normalRate } from './rate.ts';
import { homeCurrencyOf } from './read.ts';
import { MONEY_ROOT, ZKeptExpense, expensesMap, type MoneySettingKey, type ZDocExpense, type ZDocPayment } from './schema.ts';

const { expenses, payments, moneySettings } = MONEY_ROOT;

/** Who writes, and when. */
export interface MoneyAuthor {
  userId: number;
  now: Date;
}

type ExpenseEntry = z.infer<typeof ZDocExpense>;
type PaymentEntry = z.infer<typeof ZDocPayment>;

/** An expense as a member fills it in: all but who recorded it and when, and what its rate converts to. */
export type ExpenseFields = Pick<ExpenseEntry, 'description' | 'amount' | 'currency' | 'paidBy' | 'date' | 'category' | 'stopId' | 'receiptPhoto' | 'split' | 'rate'>;
export type PaymentFields = Pick<PaymentEntry, 'from' | 'to' | 'amount' | 'currency' | 'date'>;

/**
 * The entry `fields` make in a trip whose home currency is `home`, recorded by `createdBy` at `createdAt`: its rate
 * in normal form (./rate.ts). Only the named fields are taken, whatever else `fields` carries.
 */
export function expenseEntry(fields: ExpenseFields, home: string, made: Pick<ExpenseEntry, 'createdBy' | 'createdAt'>): ExpenseEntry {
  const { description, amount, currency, paidBy, date, category, stopId, receiptPhoto, split, rate } = fields;
  return { description, amount, currency, paidBy, date, category, stopId, receiptPhoto, split, ...normalRate(currency, rate, home), ...made };
}

/** The entry, and its rate remembered for its currency (as the Costs tab pre-fills the next one). */
function expenseWrites(id: string, entry: ExpenseEntry): KeyWrite[] {
  const remembered = entry.rate === null ? [] : setMoneySetting(`rate:${entry.currency}`, entry.rate);
  return [{ root: expenses, key: id, value: entry }, ...remembered];
}

/** A new expense recorded by the author now, against the home currency the document holds. */
export function addExpense(doc: Y.Doc, id: string, fields: ExpenseFields, { userId, now }: MoneyAuthor): KeyWrite[] {
  return expenseWrites(id, expenseEntry(fields, homeCurrencyOf(doc), { createdBy: userId, createdAt: now.toISOString() }));
}

/**
 * The expense under `id` with `fields`, still recorded by whom and when it was; one the document holds that is not a
 * valid expense (written by a bug) becomes the author's, made now.
 */
export function updateExpense(doc: Y.Doc, id: string, fields: ExpenseFields, { userId, now }: MoneyAuthor): KeyWrite[] {
  const before = ZKeptExpense.safeParse(expensesMap(doc).get(id));
  const made = before.success ? { createdBy: before.data.createdBy, createdAt: before.data.createdAt } : { createdBy: userId, createdAt: now.toISOString() };
  return expenseWrites(id, expenseEntry(fields, homeCurrencyOf(doc), made));
}

export const deleteExpense = (id: string): KeyWrite[] => [{ root: expenses, key: id, value: undefined }];

/** A payment between two members, recorded by the author now. */
export function recordPayment(id: string, { from, to, amount, currency, date }: PaymentFields, { userId, now }: MoneyAuthor): KeyWrite[] {
  const entry: PaymentEntry = { from, to, amount, currency, date, createdBy: userId, createdAt: now.toISOString() };
  return [{ root: payments, key: id, value: entry }];
}

export const deletePayment = (id: string): KeyWrite[] => [{ root: payments, key: id, value: undefined }];

/** The home currency, a budget or a remembered rate; null clears it. */
export function setMoneySetting(key: MoneySettingKey, value: string | number | null): KeyWrite[] {
  return [{ root: moneySettings, key, value: value ?? undefined }];
}
