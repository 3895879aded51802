/** Reading checklists from the trip document; entries that fail their schema (readers never trust) are skipped. */
import type * as Y from 'yjs';
import { keyBetween } from '../../domain/orderKeys.ts';
import { ZDocChecklist, ZDocChecklistItem, checklistDoneMap, checklistItemsMap, checklistsMap, type DocChecklist, type DocChecklistItem } from './schema.ts';

export const readChecklist = (doc: Y.Doc, id: string): DocChecklist | null => {
  const parsed = ZDocChecklist.safeParse(checklistsMap(doc).get(id));
  return parsed.success ? parsed.data : null;
};
export const readChecklistItem = (doc: Y.Doc, id: string): DocChecklistItem | null => {
  const parsed = ZDocChecklistItem.safeParse(checklistItemsMap(doc).get(id));
  return parsed.success ? parsed.data : null;
};

export interface ChecklistItemView extends DocChecklistItem {
  id: string;
  done: boolean;
}
export interface ChecklistView extends DocChecklist {
  id: string;
  items: ChecklistItemView[];
}

const byPos = (a: ChecklistItemView, b: ChecklistItemView) => (a.pos < b.pos ? -1 : a.pos > b.pos ? 1 : a.id.localeCompare(b.id));

/** One list's items in order; entries that are not items (the live door lets none in, but readers never trust) are skipped. */
export function readChecklistItems(doc: Y.Doc, listId: string): ChecklistItemView[] {
  return [...checklistItemsMap(doc).keys()]
    .flatMap((id) => {
      const item = readChecklistItem(doc, id);
      return item && item.listId === listId ? [{ ...item, id, done: checklistDoneMap(doc).get(id) === true }] : [];
    })
    .sort(byPos);
}

/** Every list, oldest first, with its items in order. */
export function readChecklists(doc: Y.Doc): ChecklistView[] {
  return [...checklistsMap(doc).keys()]
    .flatMap((id) => {
      const list = readChecklist(doc, id);
      return list ? [{ ...list, id, items: readChecklistItems(doc, id) }] : [];
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * The order key that puts an item just before `beforeId` among `items` (in order), or last when `beforeId` is
 * null; `movingId` is left out of the neighbours. Two items sharing a key (added at once offline) still get one.
 */
export function checklistKeyBefore(items: readonly { id: string; pos: string }[], beforeId: string | null, movingId: string | null = null): string {
  const others = items.filter((item) => item.id !== movingId);
  const index = beforeId === null ? others.length : others.findIndex((item) => item.id === beforeId);
  const at = index < 0 ? others.length : index;
  const previous = others[at - 1]?.pos ?? null;
  const next = others[at]?.pos ?? null;
  return previous !== null && next !== null && previous >= next ? keyBetween(previous, null) : keyBetween(previous, next);
}
