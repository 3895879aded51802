/**
 * Checklists in the trip document (docs/architecture.md#checklists), read and written alike by the web app, the
 * REST commands and the live door:
 * - checklists:     Y.Map<listId, DocChecklist>     each list one plain value (its title changes whole)
 * - checklistItems: Y.Map<itemId, DocChecklistItem> each item one plain value holding its list id and `pos`, a
 *                                                   fractional order key as stops have, so a move rewrites one item
 * - checklistDone:  Y.Map<itemId, true>             the ticked items: a tick never touches the item, so every member
 *                                                   (viewers too) ticks while editors edit, and neither undoes the other
 * Two editors changing one item at once keep the later write whole.
 */
import * as Y from 'yjs';
import { z } from 'zod';
import { checklistFields } from '../contracts/checklistFields.ts';
import { isOrderKey, keyBetween } from '../domain/orderKeys.ts';

export const CHECKLIST_ROOTS = { lists: 'checklists', items: 'checklistItems', done: 'checklistDone' } as const;
export type ChecklistRoot = (typeof CHECKLIST_ROOTS)[keyof typeof CHECKLIST_ROOTS];

export const DOC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoTime = z.string().max(40).refine((value) => !Number.isNaN(Date.parse(value)));
const userId = z.number().int().positive();

export const ZDocChecklist = z.strictObject({
  title: checklistFields.title,
  createdBy: userId,
  createdAt: isoTime,
});
export type DocChecklist = z.infer<typeof ZDocChecklist>;

export const ZDocChecklistItem = z.strictObject({
  listId: z.string().regex(DOC_ID),
  text: checklistFields.text,
  pos: z.string().max(200).refine(isOrderKey),
  assignee: checklistFields.assignee,
  dueDate: checklistFields.dueDate,
  createdBy: userId,
  createdAt: isoTime,
});
export type DocChecklistItem = z.infer<typeof ZDocChecklistItem>;

export const checklistsMap = (doc: Y.Doc) => doc.getMap<unknown>(CHECKLIST_ROOTS.lists);
export const checklistItemsMap = (doc: Y.Doc) => doc.getMap<unknown>(CHECKLIST_ROOTS.items);
export const checklistDoneMap = (doc: Y.Doc) => doc.getMap<unknown>(CHECKLIST_ROOTS.done);

/**
 * Whether `key` holds, or once held, a value in `map` (Yjs keeps a deleted key's last item): an offline member's
 * edit of a list or item deleted meanwhile is taken (readers skip it), so their device is never stuck.
 */
export const everHeld = (map: Y.Map<unknown>, key: string) => map._map.has(key);

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
