/**
 * The money part's refusals (./judge.ts), as the live door sends them when it closes a socket; REST answers the
 * ones a member's request can meet in its own words (`moneyRefusalKind`: the entry or setting is not theirs, or the
 * cap), and the rest with these texts. A key is client text: quoted or cut, so a refusal is safe to log.
 */
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

/** Whether `refusal` says the entry or setting is not the writer's, or that the trip holds as many entries as it may. */
export function moneyRefusalKind(refusal: string): 'notYours' | 'tooMany' | null {
  if (NOT_YOURS.has(refusal) || refusal.startsWith(moneyRefusals.settingNotWritable(''))) return 'notYours';
  return TOO_MANY.has(refusal) ? 'tooMany' : null;
}
