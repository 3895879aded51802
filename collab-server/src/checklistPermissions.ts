/**
 * What members may write to the trip document's checklists through the live door (the same rules the REST
 * commands hold to: shared/src/domain/tripPermissions.ts, shared/src/contracts/checklistFields.ts):
 * - owner and editors make lists and items as themselves, change them (never who made them; when they were made
 *   is put back if changed, and a new one's date is near now or the server's: ./rewrites.ts) and delete them; an
 *   item's list must exist and a newly given assignee must be a current member;
 * - every member, viewers included, ticks and unticks items (the `checklistDone` root) and writes nothing else here.
 * The id of a deleted list or item is never used again, and limits count what is live: a list or item written under
 * a deleted id, or an item written into a list that is gone, is taken (so an offline member's edit of what was
 * deleted meanwhile syncs, and no honest device is refused for ever) and deleted again at once (./rewrites.ts).
 * A key written twice in one update deletes its earlier value: that is the overwrite, not a deletion.
 */
import {
  CHECKLIST_ROOTS,
  DOC_ID,
  MAX_CHECKLISTS,
  MAX_CHECKLIST_ITEMS,
  ZDocChecklist,
  ZDocChecklistItem,
  canEditChecklists,
  canTickItems,
  checklistItemsMap,
  checklistsMap,
  everHeld,
  readChecklist,
  readChecklistItem,
  type DocChecklistItem,
} from '@caravan/shared';
import type * as Y from 'yjs';
import type { PartActor, PartWrite } from './partPermissions.ts';
import { stampDates, takeBack, type Rewrite } from './rewrites.ts';

const ROOTS: ReadonlySet<string> = new Set(Object.values(CHECKLIST_ROOTS));
export const isChecklistRoot = (root: string) => ROOTS.has(root);

/** Checks every write to checklists of one update; `written` are inserts, `removed` the keys its delete set clears. */
export function checkChecklistWrites(
  doc: Y.Doc,
  written: PartWrite[],
  removed: Array<Omit<PartWrite, 'value'>>,
  { role, userId }: PartActor,
  members: ReadonlyMap<number, string>,
  rewrites: Rewrite[] = [],
  now: Date = new Date(),
): string | null {
  if (!canTickItems(role)) return 'may not change checklists';
  const editor = canEditChecklists(role);
  const valued = written.filter((write) => write.value !== undefined);
  const overwritten = new Set(valued.map(({ root, key }) => `${root}\u0000${key}`));
  const lists = checklistsMap(doc);
  const items = checklistItemsMap(doc);
  const newLists = new Set<string>();
  const newItems = new Set<string>();
  /** Held a value once and holds none now: deleted, so never used again. */
  const gone = (map: Y.Map<unknown>, key: string) => everHeld(map, key) && !map.has(key);

  for (const { root, key, value } of valued) {
    if (!DOC_ID.test(key)) return 'invalid checklist id';
    if (root === CHECKLIST_ROOTS.done) {
      if (value !== true) return 'invalid tick';
      if (!everHeld(items, key) && !valued.some((write) => write.root === CHECKLIST_ROOTS.items && write.key === key)) return 'no such item';
      continue;
    }
    if (!editor) return root === CHECKLIST_ROOTS.lists ? 'may not change lists' : 'viewers only tick items';
    if (root === CHECKLIST_ROOTS.lists) {
      const parsed = ZDocChecklist.safeParse(value);
      if (!parsed.success) return 'invalid list';
      if (gone(lists, key)) {
        takeBack(rewrites, CHECKLIST_ROOTS.lists, key);
        continue;
      }
      const before = readChecklist(doc, key);
      if (before === null && !everHeld(lists, key)) {
        if (parsed.data.createdBy !== userId) return 'a list is made by its writer';
        newLists.add(key);
      } else if (before !== null && before.createdBy !== parsed.data.createdBy) {
        return 'a list changes only its title';
      }
      stampDates(rewrites, CHECKLIST_ROOTS.lists, key, parsed.data, before, now);
    }
  }
  if (newLists.size && lists.size + newLists.size > MAX_CHECKLISTS) return 'too many lists';

  for (const { root, key, value } of valued) {
    if (root !== CHECKLIST_ROOTS.items) continue;
    const parsed = ZDocChecklistItem.safeParse(value);
    if (!parsed.success) return 'invalid checklist item';
    const item = parsed.data;
    if (!newLists.has(item.listId) && !everHeld(lists, item.listId)) return 'no such list';
    if (gone(items, key) || (!newLists.has(item.listId) && !lists.has(item.listId))) {
      // Under a deleted id, or into a list that is gone (or goes now, brought back under its deleted id).
      takeBack(rewrites, CHECKLIST_ROOTS.items, key);
      continue;
    }
    const before = readChecklistItem(doc, key);
    const reason = checkItem(before, everHeld(items, key), item, userId, members);
    if (reason) return reason;
    stampDates(rewrites, CHECKLIST_ROOTS.items, key, item, before, now);
    if (!items.has(key)) newItems.add(key);
  }
  if (newItems.size && items.size + newItems.size > MAX_CHECKLIST_ITEMS) return 'too many checklist items';

  // Deletions: a key cleared (by a delete or a deleted insert) and not written again in this update. Unticking is
  // every member's; deleting a list or an item is an editor's.
  for (const { root, key } of [...written.filter((write) => write.value === undefined), ...removed]) {
    if (root === CHECKLIST_ROOTS.done || overwritten.has(`${root}\u0000${key}`)) continue;
    if (!editor) return root === CHECKLIST_ROOTS.lists ? 'may not change lists' : 'viewers only tick items';
  }
  return null;
}

function checkItem(
  before: DocChecklistItem | null,
  held: boolean,
  after: DocChecklistItem,
  userId: number | null,
  members: ReadonlyMap<number, string>,
): string | null {
  if (!held && after.createdBy !== userId) return 'an item is made by its writer';
  if (before !== null && before.createdBy !== after.createdBy) return 'an item keeps who made it';
  // An assignee who has since left may stay on the item; giving it to someone is to a current member only.
  if (after.assignee !== null && after.assignee !== before?.assignee && !members.has(after.assignee)) return 'assignee is not a member';
  return null;
}
