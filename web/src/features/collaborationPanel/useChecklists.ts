/**
 * Checklists read live from the trip document (shared/src/tripDoc/checklists.ts), and this member's writes to them
 * as their own edits: the live door checks each (collab-server/src/checklistPermissions.ts), so offline edits and
 * ticks wait in the document and go out on reconnect.
 */
import type * as Y from 'yjs';
import {
  checklistDoneMap,
  checklistItemsMap,
  checklistKeyBefore,
  readChecklistItems,
  checklistsMap,
  readChecklists,
  type ChecklistItemView,
  type ChecklistView,
  type DocChecklistItem,
  ZDocChecklistItem,
} from '@caravan/shared';
import { transactLocal } from '../../lib/collab/localEdit.ts';
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

const stored = ({ id: _id, done: _done, ...item }: ChecklistItemView): DocChecklistItem => item;

export function createList(doc: Y.Doc, userId: number, title: string) {
  transactLocal(doc, () => checklistsMap(doc).set(crypto.randomUUID(), { title, createdBy: userId, createdAt: new Date().toISOString() }));
}

export function deleteList(doc: Y.Doc, list: ChecklistView) {
  transactLocal(doc, () => {
    for (const item of list.items) {
      checklistItemsMap(doc).delete(item.id);
      checklistDoneMap(doc).delete(item.id);
    }
    checklistsMap(doc).delete(list.id);
  });
}

export function addItem(doc: Y.Doc, userId: number, list: ChecklistView, text: string) {
  const item: DocChecklistItem = {
    listId: list.id,
    text,
    // After the last item the document holds now: items added in quick succession are not on the page yet.
    pos: checklistKeyBefore(readChecklistItems(doc, list.id), null),
    assignee: null,
    dueDate: null,
    createdBy: userId,
    createdAt: new Date().toISOString(),
  };
  transactLocal(doc, () => checklistItemsMap(doc).set(crypto.randomUUID(), item));
}

/** Writes the change only if the shared table takes it (a date input lets a year 9999 through; the server would not). */
export function updateItem(doc: Y.Doc, item: ChecklistItemView, changes: Partial<Pick<DocChecklistItem, 'assignee' | 'dueDate' | 'text'>>): boolean {
  const next = ZDocChecklistItem.safeParse({ ...stored(item), ...changes });
  if (next.success) transactLocal(doc, () => checklistItemsMap(doc).set(item.id, next.data));
  return next.success;
}

/** Every member ticks: the tick lives apart from the item, so it never undoes an editor's change. */
export function setDone(doc: Y.Doc, itemId: string, done: boolean) {
  transactLocal(doc, () => (done ? checklistDoneMap(doc).set(itemId, true) : checklistDoneMap(doc).delete(itemId)));
}

export function deleteItem(doc: Y.Doc, itemId: string) {
  transactLocal(doc, () => {
    checklistItemsMap(doc).delete(itemId);
    checklistDoneMap(doc).delete(itemId);
  });
}

/** Puts `item` at `to` (0-based, among the list's items as they are shown). */
export function moveItem(doc: Y.Doc, list: ChecklistView, item: ChecklistItemView, to: number) {
  const others = list.items.filter((other) => other.id !== item.id);
  const pos = checklistKeyBefore(list.items, others[to]?.id ?? null, item.id);
  transactLocal(doc, () => checklistItemsMap(doc).set(item.id, { ...stored(item), pos }));
}
