/**
 * The contracts of shared costs (docs/product.md#costs): the overview (expenses, payments, balances, settle-up,
 * budget), adding, editing and deleting expenses, recording and deleting payments, the trip's money settings
 * and the expenses as CSV. Requests are built from the field table both doors share (./moneyFields.ts).
 */
import { z } from 'zod';
import { BUDGET_KEYS } from '../parts/money/index.ts';
import { CURRENCY_CODES } from '../domain/money/currencies.ts';
import { SPLIT_KINDS } from '../domain/money/split.ts';
import { requestObject, tripId, trimmedInput } from './common.ts';
import { defineCall } from './defineCall.ts';
import { EXPENSE_CATEGORIES, expenseShape, moneyFields, paymentShape, withDistinctParties, withValidSplit } from './moneyFields.ts';
import { moneyMessages as m } from './moneyMessages.ts';
import { ZTripExportFile } from './tripExport.ts';
import { isImageDataUrl } from './journal.ts';
import { messages } from '../messages.ts';

const entryId = (message: string) =>
  z
    .string({ error: message })
    .uuid(message)
    .transform((value) => value.toLowerCase());

/** What a caller sends for an expense: the document's fields, the description trimmed, the optional ones optional. */
const expenseInput = {
  description: z.preprocess(trimmedInput, moneyFields.description),
  amount: expenseShape.amount,
  currency: expenseShape.currency,
  paidBy: expenseShape.paidBy,
  date: expenseShape.date,
  category: expenseShape.category,
  stopId: z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), expenseShape.stopId).default(null),
  receiptPhoto: expenseShape.receiptPhoto.default(null),
  split: expenseShape.split,
  /** To the trip's home currency; absent or null: the trip's remembered rate for this currency. */
  rate: expenseShape.rate.default(null),
};

export const ZCostsRequest = requestObject({ tripId: tripId() });
export const ZAddExpenseRequest = requestObject({ tripId: tripId(), ...expenseInput }).superRefine(withValidSplit);
export const ZUpdateExpenseRequest = requestObject({ tripId: tripId(), expenseId: entryId(m.invalidId), ...expenseInput }).superRefine(
  withValidSplit,
);
export const ZDeleteExpenseRequest = requestObject({ tripId: tripId(), expenseId: entryId(m.invalidId) });
export const ZRecordPaymentRequest = requestObject({ tripId: tripId(), ...paymentShape }).superRefine(withDistinctParties);
export const ZDeletePaymentRequest = requestObject({ tripId: tripId(), paymentId: entryId(m.invalidPaymentId) });
export const ZMoneySettingsRequest = requestObject({
  tripId: tripId(),
  homeCurrency: moneyFields.currency.optional(),
  /** By 'total' or category; null clears a budget. */
  budget: z.partialRecord(z.enum(BUDGET_KEYS, { error: m.invalidCategory }), moneyFields.budget.nullable()).optional(),
  /** Remembered rates to the home currency, by currency code; null forgets one. */
  rates: z.partialRecord(z.enum(CURRENCY_CODES as [string, ...string[]], { error: m.invalidCurrency }), moneyFields.rate.nullable()).optional(),
});

const ZSplit = z.object({ kind: z.enum(SPLIT_KINDS), parts: z.array(z.object({ userId: z.number(), value: z.number() })) });
export const ZExpense = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paidBy: z.number(),
  createdBy: z.number(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  stopId: z.string().nullable(),
  receiptPhoto: z.string().nullable(),
  split: ZSplit,
  rate: z.string().nullable(),
  rateTo: z.string().nullable(),
  createdAt: z.string(),
  /** In the home currency; null while no rate to it is known. */
  homeAmount: z.number().int().nullable(),
});
export const ZPayment = z.object({
  id: z.string(),
  from: z.number(),
  to: z.number(),
  amount: z.number().int(),
  currency: z.string(),
  date: z.string(),
  createdBy: z.number(),
  createdAt: z.string(),
});
export const ZCostsOverview = z.object({
  homeCurrency: z.string(),
  rates: z.record(z.string(), z.string()),
  expenses: z.array(ZExpense),
  payments: z.array(ZPayment),
  /** Each member's net position in home minor units (positive: owed); sums to zero. */
  balances: z.array(z.object({ userId: z.number(), amount: z.number().int() })),
  /** "Settle up": the payments that clear every balance. */
  settlements: z.array(z.object({ from: z.number(), to: z.number(), amount: z.number().int() })),
  /** `booked`: lodging booked on overnight stops, in home minor units (lodging and total; 0 on the others). */
  budget: z.array(z.object({ key: z.enum(BUDGET_KEYS), planned: z.number().int().nullable(), spent: z.number().int(), booked: z.number().int() })),
  /** The overview call only: today's rates to the home currency from the exchange-rate provider ({} when none), to pre-fill a new rate. */
  suggestedRates: z.record(z.string(), z.string()).optional(),
});
export const ZDeletedEntry = z.object({ deleted: z.literal(true) });
/** A receipt photo as a data URL; the answer is its stored address, for an expense's receiptPhoto. */
export const ZReceiptUploadRequest = requestObject({
  tripId: tripId(),
  image: z.string({ error: messages.photos.invalidDataUrl }).refine(isImageDataUrl, messages.photos.invalidDataUrl),
});
export const ZReceiptUploadResponse = z.object({ url: z.string() });

export const moneyCalls = {
  costs: {
    overview: defineCall({ method: 'POST', path: '/trips/costs', request: ZCostsRequest, response: ZCostsOverview }),
    addExpense: defineCall({ method: 'POST', path: '/trips/costs/expenses', request: ZAddExpenseRequest, response: ZExpense }),
    updateExpense: defineCall({ method: 'POST', path: '/trips/costs/expenses/update', request: ZUpdateExpenseRequest, response: ZExpense }),
    deleteExpense: defineCall({ method: 'POST', path: '/trips/costs/expenses/delete', request: ZDeleteExpenseRequest, response: ZDeletedEntry }),
    recordPayment: defineCall({ method: 'POST', path: '/trips/costs/payments', request: ZRecordPaymentRequest, response: ZPayment }),
    deletePayment: defineCall({ method: 'POST', path: '/trips/costs/payments/delete', request: ZDeletePaymentRequest, response: ZDeletedEntry }),
    settings: defineCall({ method: 'POST', path: '/trips/costs/settings', request: ZMoneySettingsRequest, response: ZCostsOverview }),
    uploadReceipt: defineCall({ method: 'POST', path: '/trips/costs/receipts', request: ZReceiptUploadRequest, response: ZReceiptUploadResponse }),
    /** A GET, so a plain link downloads it with the session cookie. */
    csv: defineCall({ method: 'GET', path: '/trips/costs/csv', request: ZCostsRequest, response: ZTripExportFile }),
  },
};

export type TAddExpenseRequest = z.infer<typeof ZAddExpenseRequest>;
export type TUpdateExpenseRequest = z.infer<typeof ZUpdateExpenseRequest>;
export type TDeleteExpenseRequest = z.infer<typeof ZDeleteExpenseRequest>;
export type TRecordPaymentRequest = z.infer<typeof ZRecordPaymentRequest>;
export type TDeletePaymentRequest = z.infer<typeof ZDeletePaymentRequest>;
export type TMoneySettingsRequest = z.infer<typeof ZMoneySettingsRequest>;
export type TCostsOverview = z.infer<typeof ZCostsOverview>;
export type TExpense = z.infer<typeof ZExpense>;
export type TPayment = z.infer<typeof ZPayment>;
