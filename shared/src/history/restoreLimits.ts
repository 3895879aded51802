/**
 * What a restore's part writes are held to (docs/product.md#trip-history). A restore by the owner or an editor is a
 * trusted server change for the parts' entries: what comes back was written once by its authors under the parts'
 * rules, so it comes back as they wrote it (who made it, who voted, open or closed), not judged as the restorer's own
 * write. What still holds is how many a trip may have: a single entry brought back into a trip that has filled up
 * since is refused, as making it would be. A write that leaves a root at or below what it holds now always passes.
 */
import type * as Y from 'yjs';
import { MAX_CHECKLISTS, MAX_CHECKLIST_ITEMS } from '../contracts/checklistFields.ts';
import { MAX_POLLS } from '../contracts/decisionFields.ts';
import { messages } from '../messages.ts';
import { CHECKLIST_ROOTS, DECISION_ROOTS, MONEY_ENTRIES_MAX, MONEY_ROOT, moneyRefusals, partOfRoot, type KeyWrite } from '../parts/index.ts';

/** Each counted root, its limit and the refusal the parts' judges give for it (REST answers it as they do). */
const LIMITS: ReadonlyArray<{ root: string; max: number; refusal: string }> = [
  { root: CHECKLIST_ROOTS.lists, max: MAX_CHECKLISTS, refusal: messages.checklists.tooManyLists },
  { root: CHECKLIST_ROOTS.items, max: MAX_CHECKLIST_ITEMS, refusal: messages.checklists.tooManyItems },
  { root: DECISION_ROOTS.polls, max: MAX_POLLS, refusal: messages.decisions.tooManyPolls },
  { root: MONEY_ROOT.expenses, max: MONEY_ENTRIES_MAX, refusal: moneyRefusals.tooMany(MONEY_ROOT.expenses) },
  { root: MONEY_ROOT.payments, max: MONEY_ENTRIES_MAX, refusal: moneyRefusals.tooMany(MONEY_ROOT.payments) },
];

/** Why a restore's key writes may not be written to `doc` (a root no part owns, a limit passed), or null. */
export function restoreWritesRefusal(doc: Y.Doc, writes: readonly KeyWrite[]): string | null {
  const stray = writes.find((write) => !partOfRoot(write.root));
  if (stray) return `no part owns ${JSON.stringify(stray.root.slice(0, 64))}`;
  for (const { root, max, refusal } of LIMITS) {
    const map = doc.getMap<unknown>(root);
    // The last write of a key is what it holds after.
    const after = new Map<string, boolean>();
    for (const write of writes) if (write.root === root) after.set(write.key, write.value !== undefined);
    let size = map.size;
    for (const [key, held] of after) size += held === map.has(key) ? 0 : held ? 1 : -1;
    if (size > max && size > map.size) return refusal;
  }
  return null;
}
