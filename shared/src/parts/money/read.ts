/** Reading shared costs from the trip document; entries that fail their schema (readers never trust) are left out. */
import type * as Y from 'yjs';
import type { z } from 'zod';
import { isPhotoUrl } from '../../contracts/journal.ts';
import { ZLodging } from '../../contracts/planFields.ts';
import { orderedStops } from '../../tripDoc/stops.ts';
import {
  BUDGET_KEYS,
  DEFAULT_HOME_CURRENCY,
  ZDocPayment,
  ZKeptExpense,
  expensesMap,
  moneySettingSchema,
  moneySettingsMap,
  paymentsMap,
  type DocExpense,
  type DocPayment,
  type ZDocExpense,
} from './schema.ts';

/** The expense `value` holds, a receipt that is not one of the trip's stored photos shown as none; null for no valid expense. */
export function keptExpense(value: unknown): z.infer<typeof ZDocExpense> | null {
  const parsed = ZKeptExpense.safeParse(value);
  if (!parsed.success) return null;
  const { receiptPhoto } = parsed.data;
  return receiptPhoto === null || isPhotoUrl(receiptPhoto) ? parsed.data : { ...parsed.data, receiptPhoto: null };
}

/** The expense under `id` as `keptExpense` reads it, or null. */
export const readExpense = (doc: Y.Doc, id: string) => keptExpense(expensesMap(doc).get(id));

/** The payment under `id`, or null. */
export function readPayment(doc: Y.Doc, id: string): z.infer<typeof ZDocPayment> | null {
  const parsed = ZDocPayment.safeParse(paymentsMap(doc).get(id));
  return parsed.success ? parsed.data : null;
}

/** The trip's home currency as its settings hold it. */
export function homeCurrencyOf(doc: Y.Doc): string {
  const home = moneySettingsMap(doc).get('homeCurrency');
  return moneySettingSchema('homeCurrency')!.safeParse(home).success ? (home as string) : DEFAULT_HOME_CURRENCY;
}

export interface MoneyState {
  homeCurrency: string;
  /** Remembered rates to the home currency, by currency code. */
  rates: Record<string, string>;
  budget: Partial<Record<(typeof BUDGET_KEYS)[number], number>>;
  expenses: DocExpense[];
  payments: DocPayment[];
  /** Lodging booked on overnight stops (their plan, ../../tripDoc/schema.ts), by price: planned lodging, counted against the budget. */
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

/** Expenses as `keptExpense` reads them; anything else is left out of every sum. */
function keptExpenses(map: Y.Map<unknown>): DocExpense[] {
  return [...map.entries()].flatMap(([id, value]) => {
    const expense = keptExpense(value);
    return expense ? [{ ...expense, id }] : [];
  });
}

/** Payments that pass their schema; anything else (written before a rule, or by a bug) is left out of every sum. */
function validPayments(map: Y.Map<unknown>): DocPayment[] {
  return [...map.entries()].flatMap(([id, value]) => {
    const parsed = ZDocPayment.safeParse(value);
    return parsed.success ? [{ ...parsed.data, id }] : [];
  });
}

export function readMoney(doc: Y.Doc): MoneyState {
  const settings = moneySettingsMap(doc);
  const state: MoneyState = {
    homeCurrency: DEFAULT_HOME_CURRENCY,
    rates: {},
    budget: {},
    expenses: keptExpenses(expensesMap(doc)),
    payments: validPayments(paymentsMap(doc)),
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
