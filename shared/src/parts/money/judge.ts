/**
 * Who may write what to shared costs, for both doors, by the predicates of ./permissions.ts: each expense or payment
 * is one value, checked against its schema and against who the writer is, before (the entry it replaces or deletes)
 * and after (the entry it writes). A new value under a key replaces the live one, so it is checked against the live
 * entry too. A new or changed entry names current members of the trip only, and an expense's receipt is one of our
 * stored photos' addresses, never an outside one (REST also checks the photo is this trip's, which needs the
 * database; the photo route shows a photo to its own trip's members only). An expense's rate is in normal form
 * (./rate.ts). An expense kept from before those rules is still its payer's to change or delete.
 * An entry keeps who recorded it and when; a new one is recorded by its writer, its date near now or the server's
 * (../rewrites.ts). An entry written under a deleted id is taken and deleted again: the id is never used again, so an
 * offline edit of an entry deleted meanwhile syncs and does not bring it back. The limit counts live entries plus
 * the write's new ones. Settings: the home currency and budgets are owner's and editors', a remembered rate any
 * member's, each value by its key's schema.
 */
import type * as Y from 'yjs';
import type { TTripRole } from '../../contracts/common.ts';
import { moneyMessages } from '../../contracts/moneyMessages.ts';
import { DOC_ID, isGone } from '../keys.ts';
import type { JudgeContext, KeyWrite, PartWriter } from '../part.ts';
import { stampDates, takeBack } from '../rewrites.ts';
import { mayWriteExpense, mayWriteMoneySetting, mayWritePayment, membersNamedBy } from './permissions.ts';
import { moneyRefusals as refuse } from './refusals.ts';
import { MONEY_ENTRIES_MAX, MONEY_ROOT, ZDocExpense, ZDocPayment, ZKeptExpense, moneySettingSchema } from './schema.ts';

/** An entry as the rules read it; one that fails its schema (never accepted) is nobody's: only editors touch it. */
const NOBODY = { paidBy: 0, from: 0, to: 0, createdBy: 0 };
type Entry = typeof NOBODY;

/** What a new entry must meet; an expense's receipt must be a stored photo (not any address). */
const schemaOf = (root: string) => (root === MONEY_ROOT.expenses ? ZDocExpense : ZDocPayment);
/** Whose an entry is, read from what the document may hold (an expense from before today's rules too). */
const keptSchemaOf = (root: string) => (root === MONEY_ROOT.expenses ? ZKeptExpense : ZDocPayment);
const entryOf = (value: unknown, root: string): Entry => (keptSchemaOf(root).safeParse(value).success ? { ...NOBODY, ...(value as object) } : NOBODY);

/** Without a user id (-1 matches nobody) only the roles that write any entry pass. */
function mayWrite(root: string, role: TTripRole, userId: number | null, before?: Entry, after?: Entry): boolean {
  const writer = userId ?? -1;
  return root === MONEY_ROOT.expenses ? mayWriteExpense(role, writer, before, after) : mayWritePayment(role, writer, before, after);
}

export function judgeMoney(doc: Y.Doc, writes: readonly KeyWrite[], { writer, now, rewrites }: JudgeContext): string | null {
  const newKeys = new Map<string, Set<string>>();
  for (const write of writes) {
    const refusal =
      write.root === MONEY_ROOT.moneySettings ? judgeSetting(write, writer.role) : judgeEntry(doc, write, writer, now, rewrites, newKeys);
    if (refusal !== null) return refusal;
  }
  for (const [root, keys] of newKeys) if (doc.getMap(root).size + keys.size > MONEY_ENTRIES_MAX) return refuse.tooMany(root);
  return null;
}

function judgeSetting({ key, value }: KeyWrite, role: TTripRole): string | null {
  if (value === undefined) return mayWriteMoneySetting(role, key) ? null : refuse.settingNotWritable(key);
  const schema = moneySettingSchema(key);
  if (!schema) return refuse.unknownSetting(key);
  if (!mayWriteMoneySetting(role, key)) return refuse.settingNotWritable(key);
  return schema.safeParse(value).success ? null : refuse.invalidSetting(key);
}

function judgeEntry(
  doc: Y.Doc,
  { root, key, value }: KeyWrite,
  { role, userId, members }: PartWriter,
  now: Date,
  rewrites: JudgeContext['rewrites'],
  newKeys: Map<string, Set<string>>,
): string | null {
  const map = doc.getMap<unknown>(root);
  const before = map.has(key) ? entryOf(map.get(key), root) : undefined;
  if (value === undefined) return mayWrite(root, role, userId, before) ? null : refuse.notYours(root);
  if (!DOC_ID.test(key)) return refuse.invalidId(root);
  const parsed = schemaOf(root).safeParse(value);
  if (!parsed.success) {
    // A receipt that is not a stored photo (an outside address every member's browser would load): REST's message.
    return parsed.error.issues.some((issue) => issue.path[0] === 'receiptPhoto') ? moneyMessages.invalidReceipt : refuse.invalidEntry(root);
  }
  if (isGone(map, key)) {
    takeBack(rewrites, root, key);
    return null;
  }
  const after = entryOf(value, root);
  // The creator is kept as written first: nobody records an entry in another's name.
  if (after.createdBy !== (before && before !== NOBODY ? before.createdBy : userId)) return refuse.notYours(root);
  if (!mayWrite(root, role, userId, before, after)) return refuse.notYours(root);
  if (!membersNamedBy(parsed.data).every((member) => members.has(member))) return moneyMessages.notAMember;
  const beforeStamp = before ? (map.get(key) as { createdAt?: unknown } | undefined)?.createdAt : undefined;
  stampDates(rewrites, root, key, value as { createdAt: string }, typeof beforeStamp === 'string' ? { createdAt: beforeStamp } : null, now);
  if (!before) {
    let keys = newKeys.get(root);
    if (!keys) newKeys.set(root, (keys = new Set()));
    keys.add(key);
  }
  return null;
}
