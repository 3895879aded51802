/**
 * Who may write shared costs, for REST's route policies, the part's judge (./judge.ts) and the web app: any member
 * records an expense they paid and edits or deletes their own (the payer's); owner and editors edit any; viewers
 * are members too. A payment belongs to both members it is between. The home currency and budgets shape everyone's
 * view: owner and editors; a remembered rate is part of recording an expense, so any member.
 */
import { canEditStops, isMember, type TripRole } from '../../domain/tripPermissions.ts';

export const canViewCosts = isMember;
export const canRecordExpenses = isMember;
export const canEditAnyExpense = canEditStops;
export const canSetMoneySettings = canEditStops;

/** `before`/`after`: the entry as it is and as it would be (undefined: absent, i.e. an add or a delete). */
export function mayWriteExpense(role: TripRole | null, userId: number, before?: { paidBy: number }, after?: { paidBy: number }): boolean {
  if (!isMember(role)) return false;
  if (canEditAnyExpense(role)) return true;
  return (before === undefined || before.paidBy === userId) && (after === undefined || after.paidBy === userId);
}

type Parties = { from: number; to: number };
const isParty = (userId: number, payment: Parties) => payment.from === userId || payment.to === userId;

export function mayWritePayment(role: TripRole | null, userId: number, before?: Parties, after?: Parties): boolean {
  if (!isMember(role)) return false;
  if (canEditAnyExpense(role)) return true;
  return (before === undefined || isParty(userId, before)) && (after === undefined || isParty(userId, after));
}

export function mayWriteMoneySetting(role: TripRole | null, key: string): boolean {
  return key.startsWith('rate:') ? isMember(role) : canSetMoneySettings(role);
}

/**
 * The members an expense or payment names (payer and split, or both parties): both doors refuse a new or
 * changed entry naming anyone not on the trip (./judge.ts); an entry already stored keeps a member removed since.
 */
export function membersNamedBy(entry: { paidBy: number; split: { parts: ReadonlyArray<{ userId: number }> } } | Parties): number[] {
  return 'paidBy' in entry ? [entry.paidBy, ...entry.split.parts.map((part) => part.userId)] : [entry.from, entry.to];
}
