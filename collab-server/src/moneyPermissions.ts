/**
 * What a member may write to the trip document's shared costs over the live door (the money roots of
 * shared/src/tripDoc/money.ts), by the same predicates REST asks (shared/src/domain/money/moneyPermissions.ts):
 * each expense or payment entry is one value, checked against its schema and against who the writer is, before
 * (the entry it replaces or deletes) and after (the entry it writes). A new value under a key replaces the live
 * one even without deleting it, so an insertion is checked against the live entry too. A new or changed entry
 * names members of the trip only (the room's members, read on every join and membership change), with REST's message,
 * and an expense's receipt is one of our stored photos' addresses, never an outside one (REST also checks the photo is
 * this trip's, which the room cannot read as it checks; the photo route shows a photo to its own trip's members only).
 * An expense kept from before that rule, with an https receipt, is still its payer's to change or delete.
 * An entry keeps who recorded it and when; a new one is recorded by its writer, its date near now or the server's
 * (./rewrites.ts). An entry written under a deleted id is taken and deleted again: the id is never used again, so
 * an offline edit of an entry deleted meanwhile syncs and does not bring it back. The limit counts live entries
 * plus the update's new ones.
 */
import * as Y from 'yjs';
import {
  ENTRY_ID,
  MONEY_ENTRIES_MAX,
  MONEY_ROOT,
  MONEY_ROOTS,
  ZDocExpense,
  ZDocPayment,
  ZKeptExpense,
  mayWriteExpense,
  mayWriteMoneySetting,
  mayWritePayment,
  membersNamedBy,
  moneyMessages,
  moneySettingSchema,
  type TTripRole,
} from '@caravan/shared';
import { stampDates, takeBack, type Rewrite } from '@caravan/shared';

export const isMoneyRoot = (name: string) => MONEY_ROOTS.includes(name);

/** An entry as the rules read it; one that fails its schema (never accepted) is nobody's: only editors touch it. */
const NOBODY = { paidBy: 0, from: 0, to: 0, createdBy: 0 };
type Entry = { paidBy: number; from: number; to: number; createdBy: number };

/** What a new entry must meet; an expense's receipt must be one of the trip's stored photos (not any address). */
const schemaOf = (name: string) => (name === MONEY_ROOT.expenses ? ZDocExpense : ZDocPayment);
/** Whose an entry is, read from what the document may hold (an expense from before receipts had to be stored photos too). */
const keptSchemaOf = (name: string) => (name === MONEY_ROOT.expenses ? ZKeptExpense : ZDocPayment);
const entryOf = (value: unknown, name: string): Entry => (keptSchemaOf(name).safeParse(value).success ? { ...NOBODY, ...(value as object) } : NOBODY);
/** Live entries of a root (a deleted key keeps its item in `_map`). */
const liveCount = (doc: Y.Doc, name: string) => [...(doc.share.get(name)?._map.values() ?? [])].filter((item) => !item.deleted).length;

const valueOf = (item: Y.Item): unknown =>
  item.content instanceof Y.ContentAny && item.content.arr.length === 1 ? item.content.arr[0] : undefined;

/** Without a user id (-1 matches nobody) only the roles that write any entry pass. */
function mayWrite(name: string, role: TTripRole, userId: number | null, before?: Entry, after?: Entry): boolean {
  const writer = userId ?? -1;
  return name === MONEY_ROOT.expenses ? mayWriteExpense(role, writer, before, after) : mayWritePayment(role, writer, before, after);
}

/** What one update's money writes leave to do once all are checked: rewrites, and the new keys to count per root. */
export interface MoneyWrites {
  rewrites: Rewrite[];
  newKeys: Map<string, Set<string>>;
  now: Date;
}

/**
 * Why `item`, landing under `key` of the money root `name`, is refused, or null. `userId`: the writer; `members`:
 * the trip's; `writes` gathers what to put right and the new keys (counted by `checkMoneyCounts`).
 */
export function checkMoneyInsert(
  doc: Y.Doc,
  name: string,
  key: string,
  item: Y.Item,
  role: TTripRole,
  userId: number | null,
  members: ReadonlyMap<number, unknown>,
  writes: MoneyWrites = { rewrites: [], newKeys: new Map(), now: new Date() },
): string | null {
  const live = doc.share.get(name)?._map.get(key);
  const deleted = item.content instanceof Y.ContentDeleted;
  if (name === MONEY_ROOT.moneySettings) {
    const schema = moneySettingSchema(key);
    if (!schema) return `unknown money setting: ${JSON.stringify(key.slice(0, 64))}`;
    if (!mayWriteMoneySetting(role, key)) return `money setting not writable: ${key}`;
    return deleted || schema.safeParse(valueOf(item)).success ? null : `invalid value for ${key}`;
  }
  if (!ENTRY_ID.test(key)) return `invalid ${name} id`;
  const before = live && !live.deleted ? entryOf(valueOf(live), name) : undefined;
  if (deleted) return mayWrite(name, role, userId, before) ? null : `${name} entry not yours`;
  const value = valueOf(item);
  const parsed = schemaOf(name).safeParse(value);
  if (!parsed.success) {
    // A receipt that is not a stored photo (an outside address every member's browser would load): REST's message.
    return parsed.error.issues.some((issue) => issue.path[0] === 'receiptPhoto') ? moneyMessages.invalidReceipt : `invalid ${name} entry`;
  }
  if (live?.deleted) {
    // An id deleted before: taken, and deleted again at once (./rewrites.ts).
    takeBack(writes.rewrites, name, key);
    return null;
  }
  const after = entryOf(value, name);
  // The creator is kept as written first: nobody records an entry in another's name.
  if (after.createdBy !== (before && before !== NOBODY ? before.createdBy : userId)) return `${name} entry not yours`;
  if (!mayWrite(name, role, userId, before, after)) return `${name} entry not yours`;
  if (!membersNamedBy(parsed.data).every((member) => members.has(member))) return moneyMessages.notAMember;
  const beforeStamp = before ? (valueOf(live!) as { createdAt?: unknown } | undefined)?.createdAt : undefined;
  stampDates(writes.rewrites, name, key, value as { createdAt: string }, typeof beforeStamp === 'string' ? { createdAt: beforeStamp } : null, writes.now);
  if (!before) {
    let keys = writes.newKeys.get(name);
    if (!keys) writes.newKeys.set(name, (keys = new Set()));
    keys.add(key);
  }
  return null;
}

/** Why the update's new entries (`newKeys` by root, from `checkMoneyInsert`) are refused: too many with the live ones. */
export function checkMoneyCounts(doc: Y.Doc, newKeys: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  for (const [name, keys] of newKeys) if (liveCount(doc, name) + keys.size > MONEY_ENTRIES_MAX) return `too many ${name}`;
  return null;
}

/** Why deleting `item` (a live entry or setting of the money root `name`) is refused, or null. */
export function checkMoneyDelete(name: string, item: Y.Item, role: TTripRole, userId: number | null): string | null {
  if (name === MONEY_ROOT.moneySettings) {
    return item.parentSub !== null && mayWriteMoneySetting(role, item.parentSub) ? null : 'money setting not writable';
  }
  return mayWrite(name, role, userId, entryOf(valueOf(item), name)) ? null : `${name} entry not yours`;
}
