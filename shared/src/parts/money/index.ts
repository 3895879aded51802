/** Shared costs: expenses, payments and the trip's money settings (./schema.ts), as one part of the trip document (../part.ts). */
import { DOC_ID } from '../keys.ts';
import type { TripPart } from '../part.ts';
import { moneyActivity } from './activity.ts';
import { judgeMoney } from './judge.ts';
import { moneyRefusals, moneyRestAnswer } from './refusals.ts';
import { MONEY_ROOT, MONEY_ROOTS, moneySettingSchema } from './schema.ts';

export * from './schema.ts';
export * from './read.ts';
export * from './permissions.ts';
export { isNormalRate, normalRate, type ExpenseRate } from './rate.ts';
// The cap's refusal, which a restore's limits give as the judge does (shared/src/history/restoreLimits.ts).
export { moneyRefusals } from './refusals.ts';
export * as moneyWrites from './write.ts';
export type { ExpenseFields, MoneyAuthor, PaymentFields } from './write.ts';

export const moneyPart: TripPart = {
  name: 'money',
  roots: MONEY_ROOTS,
  // As the judge answers the same key holding a value that fails its schema.
  notPlain: (root, key) => {
    if (root !== MONEY_ROOT.moneySettings) return DOC_ID.test(key) ? moneyRefusals.invalidEntry(root) : moneyRefusals.invalidId(root);
    return moneySettingSchema(key) ? moneyRefusals.invalidSetting(key) : moneyRefusals.unknownSetting(key);
  },
  judge: judgeMoney,
  restAnswer: moneyRestAnswer,
  activity: moneyActivity,
};
