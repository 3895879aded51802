/**
 * Shared costs in the trip document, written through either door (docs/architecture.md#shared-costs):
 * - expenses:      Y.Map<id, DocExpense>   each entry one plain value, replaced whole on edit
 * - payments:      Y.Map<id, DocPayment>   members paying each other back
 * - moneySettings: Y.Map                   'homeCurrency', 'budget:total', 'budget:<category>', 'rate:<code>'
 * An entry is one value (not a map of fields) so the live door checks who wrote it against the whole entry:
 * its payer, before and after.
 */
import * as Y from 'yjs';
import { z } from 'zod';
import {
  EXPENSE_CATEGORIES,
  expenseShape,
  moneyFields,
  paymentShape,
  withDistinctParties,
  withValidSplit,
  type ExpenseCategory,
} from '../contracts/moneyFields.ts';
import { isPhotoUrl } from '../contracts/journal.ts';
import { ZLodging } from '../contracts/planFields.ts';
import { storedPhoto } from '../contracts/stopFields.ts';
import { isCurrencyCode } from '../domain/money/currencies.ts';
import { isStorableText } from '../storableText.ts';
import { orderedStops } from './stops.ts';

export const MONEY_ROOT = { expenses: 'expenses', payments: 'payments', moneySettings: 'moneySettings' } as const;
export type MoneyRoot = (typeof MONEY_ROOT)[keyof typeof MONEY_ROOT];
export const MONEY_ROOTS: readonly string[] = Object.values(MONEY_ROOT);
/** The home currency of a trip that has not chosen one. */
export const DEFAULT_HOME_CURRENCY = 'EUR';
/** Entries per root, so no member can grow a trip's document without bound. */
export const MONEY_ENTRIES_MAX = 2000;

const stamp = z.string().max(40).refine(isStorableText);
export const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An expense as either door writes it. */
export const ZDocExpense = z
  .strictObject({ ...expenseShape, createdBy: expenseShape.paidBy, createdAt: stamp })
  .superRefine(withValidSplit);
/**
 * An expense as the document may hold it: as written today, or from before receipts had to be stored photos, with
 * an https address for its receipt. Who may change or delete it is read from this; `keptExpense` reads its values.
 */
export const ZKeptExpense = z
  .strictObject({ ...expenseShape, receiptPhoto: storedPhoto.nullable(), createdBy: expenseShape.paidBy, createdAt: stamp })
  .superRefine(withValidSplit);

/** The expense `value` holds, a receipt that is not one of the trip's stored photos shown as none; null for no valid expense. */
export function keptExpense(value: unknown): z.infer<typeof ZDocExpense> | null {
  const parsed = ZKeptExpense.safeParse(value);
  if (!parsed.success) return null;
  const { receiptPhoto } = parsed.data;
  return receiptPhoto === null || isPhotoUrl(receiptPhoto) ? parsed.data : { ...parsed.data, receiptPhoto: null };
}
export const ZDocPayment = z
  .strictObject({ ...paymentShape, createdBy: paymentShape.from, createdAt: stamp })
  .superRefine(withDistinctParties);
export type DocExpense = z.infer<typeof ZDocExpense> & { id: string };
export type DocPayment = z.infer<typeof ZDocPayment> & { id: string };

export type MoneySettingKey = 'homeCurrency' | `budget:${'total' | ExpenseCategory}` | `rate:${string}`;
export const BUDGET_KEYS = ['total', ...EXPENSE_CATEGORIES] as const;

/** The schema of a settings key's value, or null for a key the settings do not have. */
export function moneySettingSchema(key: string): z.ZodType | null {
  if (key === 'homeCurrency') return moneyFields.currency;
  if (key.startsWith('budget:')) return (BUDGET_KEYS as readonly string[]).includes(key.slice(7)) ? moneyFields.budget.nullable() : null;
  if (key.startsWith('rate:')) return isCurrencyCode(key.slice(5)) ? moneyFields.rate.nullable() : null;
  return null;
}

export const expensesMap = (doc: Y.Doc) => doc.getMap<unknown>(MONEY_ROOT.expenses);
export const paymentsMap = (doc: Y.Doc) => doc.getMap<unknown>(MONEY_ROOT.payments);
export const moneySettingsMap = (doc: Y.Doc) => doc.getMap<unknown>(MONEY_ROOT.moneySettings);

export interface MoneyState {
  homeCurrency: string;
  /** Remembered rates to the home currency, by currency code. */
  rates: Record<string, string>;
  budget: Partial<Record<(typeof BUDGET_KEYS)[number], number>>;
  expenses: DocExpense[];
  payments: DocPayment[];
  /** Lodging booked on overnight stops (their plan, ./schema.ts), by price: planned lodging, counted against the budget. */
  lodging: BookedLodging[];
}

export interface BookedLodging {
  stopId: string;
  amountMinor: number;
  currency: string;
}

/** Each overnight stop's lodging price, in trip order. */
function bookedLodging(doc: Y.Doc): BookedLodging[] {
  return orderedStops(doc).flatMap((stop) => {
    const price = stop.overnight === true ? ZLodging.safeParse(stop.lodging).data?.price : null;
    return price ? [{ stopId: stop.id, amountMinor: price.amountMinor, currency: price.currency }] : [];
  });
}

/** Entries that pass their schema; anything else (written before a rule, or by a bug) is left out of every sum. */
function validEntries<T>(map: Y.Map<unknown>, schema: z.ZodType): (T & { id: string })[] {
  return [...map.entries()].flatMap(([id, value]) => (schema.safeParse(value).success ? [{ ...(value as T), id }] : []));
}

/** Expenses as `keptExpense` reads them; anything else is left out of every sum. */
function keptExpenses(map: Y.Map<unknown>): DocExpense[] {
  return [...map.entries()].flatMap(([id, value]) => {
    const expense = keptExpense(value);
    return expense ? [{ ...expense, id }] : [];
  });
}

export function readMoney(doc: Y.Doc): MoneyState {
  const settings = moneySettingsMap(doc);
  const state: MoneyState = {
    homeCurrency: DEFAULT_HOME_CURRENCY,
    rates: {},
    budget: {},
    expenses: keptExpenses(expensesMap(doc)),
    payments: validEntries(paymentsMap(doc), ZDocPayment),
    lodging: bookedLodging(doc),
  };
  for (const [key, value] of settings.entries()) {
    if (value === null || !moneySettingSchema(key)?.safeParse(value).success) continue;
    if (key === 'homeCurrency') state.homeCurrency = value as string;
    else if (key.startsWith('rate:')) state.rates[key.slice(5)] = value as string;
    else state.budget[key.slice(7) as (typeof BUDGET_KEYS)[number]] = value as number;
  }
  state.expenses.sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));
  state.payments.sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));
  return state;
}
