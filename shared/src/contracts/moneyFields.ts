/**
 * Each field of an expense, a payment and the trip's money settings once, with its refusal message: the REST
 * requests (./moneyCalls.ts) and the trip document's schemas the live door checks writes against
 * (../parts/money/schema.ts) are both built from here, so the two doors take the same values. Amounts are integers
 * in the currency's minor unit (ISO 4217 exponent), never floats.
 */
import { z } from 'zod';
import { isCurrencyCode } from '../domain/money/currencies.ts';
import { AMOUNT_MAX, isRate } from '../domain/money/conversion.ts';
import { SPLIT_KINDS, splitProblem } from '../domain/money/split.ts';
import { isStorableText } from '../storableText.ts';
import { positiveUserId } from './common.ts';
import { isPhotoUrl } from './journal.ts';
import { PHOTO_URL_MAX_LENGTH } from './stopFields.ts';
import { moneyMessages as m } from './moneyMessages.ts';

export const EXPENSE_CATEGORIES = ['lodging', 'fuel', 'food', 'activities', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_DESCRIPTION_MAX_LENGTH = 200;
export const SPLIT_PARTS_MAX = 50;

const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const minorAmount = (min: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(AMOUNT_MAX, message);

export const moneyFields = {
  description: z
    .string({ error: m.descriptionRequired })
    .max(EXPENSE_DESCRIPTION_MAX_LENGTH, m.descriptionRequired)
    .refine(isStorableText, m.descriptionRequired)
    .refine((value) => value.trim() !== '', m.descriptionRequired),
  amount: minorAmount(1, m.invalidAmount),
  currency: z.string({ error: m.invalidCurrency }).max(3, m.invalidCurrency).refine(isCurrencyCode, m.invalidCurrency),
  date: z.string({ error: m.invalidDate }).max(10, m.invalidDate).refine(isCalendarDate, m.invalidDate),
  category: z.enum(EXPENSE_CATEGORIES, { error: m.invalidCategory }),
  stopId: z.string({ error: m.invalidId }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, m.invalidId).nullable(),
  /**
   * One of the photos the trip stored (POST /trips/costs/receipts answers its address), never an outside address:
   * every member's browser would load it. The REST door also checks the photo is this trip's (the live door cannot
   * read the database as it checks; the photo route serves a photo only to its own trip's members).
   */
  receiptPhoto: z
    .string({ error: m.invalidReceipt })
    .max(PHOTO_URL_MAX_LENGTH, m.invalidReceipt)
    .refine(isPhotoUrl, m.invalidReceipt)
    .nullable(),
  rate: z.string({ error: m.invalidRate }).max(20, m.invalidRate).refine(isRate, m.invalidRate),
  budget: minorAmount(0, m.invalidBudget),
  split: z.object(
    {
      kind: z.enum(SPLIT_KINDS, { error: m.invalidSplit }),
      parts: z
        .array(
          z.strictObject({ userId: positiveUserId, value: minorAmount(0, m.invalidSplit) }, { error: m.invalidSplit }),
          { error: m.invalidSplit },
        )
        .max(SPLIT_PARTS_MAX, m.tooManyParts),
    },
    { error: m.invalidSplit },
  ).strict(),
};

/** An expense as its fields (no id, no server-kept times); its split must divide its amount. */
export const expenseShape = {
  description: moneyFields.description,
  amount: moneyFields.amount,
  currency: moneyFields.currency,
  paidBy: positiveUserId,
  date: moneyFields.date,
  category: moneyFields.category,
  stopId: moneyFields.stopId,
  receiptPhoto: moneyFields.receiptPhoto,
  split: moneyFields.split,
  /** The rate to `rateTo` (the home currency when it was recorded); null when the expense is in it. */
  rate: moneyFields.rate.nullable(),
  rateTo: moneyFields.currency.nullable(),
};

/** Adds the split's own problem (amounts not adding up, a member twice) as an issue on `split`. */
export const withValidSplit = <T extends { amount: number; split: z.infer<typeof moneyFields.split> }>(value: T, ctx: z.RefinementCtx) => {
  const problem = splitProblem(value.amount, value.split);
  if (problem) ctx.addIssue({ code: 'custom', path: ['split'], message: problem });
};

export const paymentShape = {
  from: positiveUserId,
  to: positiveUserId,
  amount: moneyFields.amount,
  currency: moneyFields.currency,
  date: moneyFields.date,
};

export const withDistinctParties = <T extends { from: number; to: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.from === value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: m.samePayer });
};
