/**
 * An expense's own rate, one rule for both doors: `rate` converts the expense's currency to `rateTo`, the home
 * currency as the writer's document held it when recording. The writer puts it in normal form (`normalRate`); the
 * judge refuses any other form (`withNormalRate`, part of the written expense's schema). The rule does not depend
 * on the trip's home currency now, so a device that recorded an expense offline against the home currency it knew,
 * changed meanwhile, still syncs: its rate names the old home and balances use the trip's remembered rate instead,
 * as for any expense recorded before a change of home currency (shared/src/domain/money/balances.ts `rateFor`).
 */
import type { z } from 'zod';
import { moneyMessages } from '../../contracts/moneyMessages.ts';

export interface ExpenseRate {
  rate: string | null;
  rateTo: string | null;
}

/** The rate of an expense in `currency` recorded with `rate` against the home currency `home`: none in the home currency. */
export function normalRate(currency: string, rate: string | null, home: string): ExpenseRate {
  return currency === home || rate === null ? { rate: null, rateTo: null } : { rate, rateTo: home };
}

/** Whether an expense's rate is in normal form: a rate and what it converts to come together, to another currency. */
export const isNormalRate = ({ currency, rate, rateTo }: ExpenseRate & { currency: string }) => (rate === null) === (rateTo === null) && rateTo !== currency;

/** A refinement adding an issue on `rate` when it is not in normal form. */
export function withNormalRate(value: ExpenseRate & { currency: string }, ctx: z.RefinementCtx): void {
  if (!isNormalRate(value)) ctx.addIssue({ code: 'custom', path: ['rate'], message: moneyMessages.invalidRate });
}
