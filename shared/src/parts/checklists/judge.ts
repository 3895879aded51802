/**
 * Who may write what to checklists, for both doors:
 * - owner and editors make lists and items as themselves, change them (never who made them; when they were made
 *   is put back if changed, and a new one's date is near now or the server's: ../rewrites.ts) and delete them; an
 *   item's list must exist and a newly given assignee must be a current member;
 * - every member, viewers included, ticks and unticks items (the `checklistDone` root) and writes nothing else here.
 * The id of a deleted list or item is never used again, and limits count what is live: a list or item written under
 * a deleted id, or an item written into a list that is gone, is taken (so an offline member's edit of what was
 * deleted meanwhile syncs, and no honest device is refused for ever) and deleted again at once.
 * A key written twice in one write deletes its earlier value: that is the overwrite, not a deletion.
 */
import type * as Y from 'yjs';
import { messages } from '../../messages.ts';
import { canEditChecklists, canTickItems } from '../../domain/tripPermissions.ts';
import { MAX_CHECKLISTS, MAX_CHECKLIST_ITEMS } from '../../contracts/checklistFields.ts';
import { DOC_ID, everHeld, isGone } from '../keys.ts';
import type { JudgeContext, KeyWrite } from '../part.ts';
import { stampDates, takeBack } from '../rewrites.ts';
import { readChecklist, readChecklistItem } from './read.ts';
import { CHECKLIST_ROOTS, ZDocChecklist, ZDocChecklistItem, checklistItemsMap, checklistsMap, type DocChecklistItem } from './schema.ts';

const c = messages.checklists;

export function judgeChecklists(doc: Y.Doc, writes: readonly KeyWrite[], { writer, now, rewrites }: JudgeContext): string | null {
  const { role, userId, members } = writer;
  if (!canTickItems(role)) return 'may not change checklists';
  const editor = canEditChecklists(role);
  const valued = writes.filter((write) => write.value !== undefined);
  const overwritten = new Set(valued.map(({ root, key }) => `${root}\u0000${key}`));
  const lists = checklistsMap(doc);
  const items = checklistItemsMap(doc);
  const newLists = new Set<string>();
  const newItems = new Set<string>();

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
      if (isGone(lists, key)) {
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
  if (newLists.size && lists.size + newLists.size > MAX_CHECKLISTS) return c.tooManyLists;

  for (const { root, key, value } of valued) {
    if (root !== CHECKLIST_ROOTS.items) continue;
    const parsed = ZDocChecklistItem.safeParse(value);
    if (!parsed.success) return 'invalid checklist item';
    const item = parsed.data;
    if (!newLists.has(item.listId) && !everHeld(lists, item.listId)) return 'no such list';
    if (isGone(items, key) || (!newLists.has(item.listId) && !lists.has(item.listId))) {
      // Under a deleted id, or into a list that is gone (or goes now, brought back under its deleted id).
      takeBack(rewrites, CHECKLIST_ROOTS.items, key);
      continue;
    }
    const before = readChecklistItem(doc, key);
    const reason = judgeItem(before, everHeld(items, key), item, userId, members);
    if (reason) return reason;
    stampDates(rewrites, CHECKLIST_ROOTS.items, key, item, before, now);
    if (!items.has(key)) newItems.add(key);
  }
  if (newItems.size && items.size + newItems.size > MAX_CHECKLIST_ITEMS) return c.tooManyItems;

  // Deletions: a key cleared and not written again in this write. Unticking is every member's; deleting a list
  // or an item is an editor's.
  for (const { root, key } of writes.filter((write) => write.value === undefined)) {
    if (root === CHECKLIST_ROOTS.done || overwritten.has(`${root}\u0000${key}`)) continue;
    if (!editor) return root === CHECKLIST_ROOTS.lists ? 'may not change lists' : 'viewers only tick items';
  }
  return null;
}

function judgeItem(
  before: DocChecklistItem | null,
  held: boolean,
  after: DocChecklistItem,
  userId: number | null,
  members: ReadonlyMap<number, string>,
): string | null {
  if (!held && after.createdBy !== userId) return 'an item is made by its writer';
  if (before !== null && before.createdBy !== after.createdBy) return 'an item keeps who made it';
  // An assignee who has since left may stay on the item; giving it to someone is to a current member only.
  if (after.assignee !== null && after.assignee !== before?.assignee && !members.has(after.assignee)) return c.invalidAssignee;
  return null;
}
