/**
 * The money part's refusals (./judge.ts), as the live door sends them when it closes a socket; REST answers the
 * ones a member's request can meet in its own words (`moneyRestAnswer`: the entry or setting is not theirs, or the
 * cap), and the rest with these texts. A key is client text: quoted or cut, so a refusal is safe to log.
 */
import { moneyMessages } from '../../contracts/moneyMessages.ts';
import type { RestRefusal } from '../part.ts';
import { MONEY_ROOT } from './schema.ts';

export const moneyRefusals = {
  notYours: (root: string) => `${root} entry not yours`,
  invalidId: (root: string) => `invalid ${root} id`,
  invalidEntry: (root: string) => `invalid ${root} entry`,
  tooMany: (root: string) => `too many ${root}`,
  unknownSetting: (key: string) => `unknown money setting: ${JSON.stringify(key.slice(0, 64))}`,
  settingNotWritable: (key: string) => `money setting not writable: ${key.slice(0, 64)}`,
  invalidSetting: (key: string) => `invalid value for ${key.slice(0, 64)}`,
};

const ENTRY_ROOTS = [MONEY_ROOT.expenses, MONEY_ROOT.payments];
const NOT_YOURS = new Set(ENTRY_ROOTS.map(moneyRefusals.notYours));
const TOO_MANY = new Set(ENTRY_ROOTS.map(moneyRefusals.tooMany));

/** REST's answer to a refusal a member's request can meet (the entry or setting is not theirs, the cap), in its own words. */
export function moneyRestAnswer(refusal: string): RestRefusal | undefined {
  if (NOT_YOURS.has(refusal) || refusal.startsWith(moneyRefusals.settingNotWritable(''))) return { code: 'forbidden', message: moneyMessages.notYours };
  return TOO_MANY.has(refusal) ? { code: 'validation', message: moneyMessages.tooManyEntries } : undefined;
}
