/**
 * Checklists read live from the trip document, and this member's writes to them through the checklist part's
 * writers (shared/src/parts/checklists) as their own edits: the live door judges each by the part's rule, so
 * offline edits and ticks wait in the document and go out on reconnect.
 */
import type * as Y from 'yjs';
import {
  checklistDoneMap,
  checklistItemsMap,
  checklistsMap,
  checklistWrites,
  readChecklists,
  type ChecklistItemChanges,
  type ChecklistItemView,
  type ChecklistView,
  ZDocChecklistItem,
} from '@caravan/shared';
import { writeLocal } from '../../lib/collab/localEdit.ts';
import { useDocValue } from '../../lib/collab/useDocValue.ts';

const NOTHING = {};
const entries = (root: (doc: Y.Doc) => Y.Map<unknown>) => (doc: Y.Doc) => root(doc).toJSON();
const readLists = entries(checklistsMap);
const readItems = entries(checklistItemsMap);
const readDone = entries(checklistDoneMap);

/** Every list with its items in order, re-read on any change to them; null until the document is open. */
export function useLiveChecklists(doc: Y.Doc | null): ChecklistView[] | null {
  const lists = useDocValue(doc, checklistsMap, readLists, NOTHING);
  const items = useDocValue(doc, checklistItemsMap, readItems, NOTHING);
  const done = useDocValue(doc, checklistDoneMap, readDone, NOTHING);
  return doc && lists.ready && items.ready && done.ready ? readChecklists(doc) : null;
}

const author = (userId: number) => ({ userId, now: new Date() });

export function createList(doc: Y.Doc, userId: number, title: string) {
  writeLocal(doc, checklistWrites.createList(crypto.randomUUID(), title, author(userId)));
}

export function deleteList(doc: Y.Doc, list: ChecklistView) {
  writeLocal(doc, checklistWrites.deleteList(doc, list.id));
}

/** After the last item the document holds now: items added in quick succession are not on the page yet. */
export function addItem(doc: Y.Doc, userId: number, list: ChecklistView, text: string) {
  writeLocal(doc, checklistWrites.addItem(doc, crypto.randomUUID(), { listId: list.id, text, assignee: null, dueDate: null }, author(userId)));
}

/** Writes the change only if the shared table takes it (a date input lets a year 9999 through; the server would not). */
export function updateItem(doc: Y.Doc, item: ChecklistItemView, changes: ChecklistItemChanges): boolean {
  const writes = checklistWrites.updateItem(doc, item.id, changes);
  const valid = writes.every((write) => ZDocChecklistItem.safeParse(write.value).success);
  if (valid) writeLocal(doc, writes);
  return valid;
}

/** Every member ticks: the tick lives apart from the item, so it never undoes an editor's change. */
export function setDone(doc: Y.Doc, itemId: string, done: boolean) {
  writeLocal(doc, checklistWrites.setDone(itemId, done));
}

export function deleteItem(doc: Y.Doc, itemId: string) {
  writeLocal(doc, checklistWrites.deleteItem(itemId));
}

/** Puts `item` at `to` (0-based, among the list's items as they are shown). */
export function moveItem(doc: Y.Doc, list: ChecklistView, item: ChecklistItemView, to: number) {
  const others = list.items.filter((other) => other.id !== item.id);
  writeLocal(doc, checklistWrites.moveItem(doc, item.id, others[to]?.id ?? null));
}
