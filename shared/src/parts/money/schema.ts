/**
 * Shared costs in the trip document, written through either door (docs/architecture.md#shared-costs):
 * - expenses:      Y.Map<id, DocExpense>   each entry one plain value, replaced whole on edit
 * - payments:      Y.Map<id, DocPayment>   members paying each other back
 * - moneySettings: Y.Map                   'homeCurrency', 'budget:total', 'budget:<category>', 'rate:<code>'
 * An entry is one value (not a map of fields) so the judge checks who wrote it against the whole entry:
 * its payer, before and after.
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import {
  EXPENSE_CATEGORIES,
  expenseShape,
  moneyFields,
  paymentShape,
  withDistinctParties,
  withValidSplit,
  type ExpenseCategory,
} from '../../contracts/moneyFields.ts';
import { storedPhoto } from '../../contracts/stopFields.ts';
import { isCurrencyCode } from '../../domain/money/currencies.ts';
import { isStorableText } from '../../storableText.ts';
import { withNormalRate } from './rate.ts';

export const MONEY_ROOT = { expenses: 'expenses', payments: 'payments', moneySettings: 'moneySettings' } as const;
export type MoneyRoot = (typeof MONEY_ROOT)[keyof typeof MONEY_ROOT];
export const MONEY_ROOTS: readonly string[] = Object.values(MONEY_ROOT);
/** The home currency of a trip that has not chosen one. */
export const DEFAULT_HOME_CURRENCY = 'EUR';
/** Entries per root, so no member can grow a trip's document without bound. */
export const MONEY_ENTRIES_MAX = 2000;

const stamp = z.string().max(40).refine(isStorableText);

/** An expense as either door writes it: its split divides its amount, its rate is in the one normal form (./rate.ts). */
export const ZDocExpense = z
  .strictObject({ ...expenseShape, createdBy: expenseShape.paidBy, createdAt: stamp })
  .superRefine(withValidSplit)
  .superRefine(withNormalRate);
/**
 * An expense as the document may hold it: as written today, or from before receipts had to be stored photos (with
 * an https address for its receipt) or before its rate had to be in normal form. Who may change or delete it is read
 * from this; `keptExpense` (./read.ts) reads its values.
 */
export const ZKeptExpense = z
  .strictObject({ ...expenseShape, receiptPhoto: storedPhoto.nullable(), createdBy: expenseShape.paidBy, createdAt: stamp })
  .superRefine(withValidSplit);
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
