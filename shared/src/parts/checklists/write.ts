/**
 * The only code that sets checklist keys: each writer answers the key writes of one change, which the browser
 * applies as the member's own edit and REST applies once the part's judge has taken them (../registry.ts).
 * A writer reads the document as it is; what it is asked about must exist (the caller has looked).
 */
import type * as Y from 'yjs';
import type { KeyWrite } from '../part.ts';
import { checklistKeyBefore, readChecklistItem, readChecklistItems } from './read.ts';
import { CHECKLIST_ROOTS, type DocChecklist, type DocChecklistItem } from './schema.ts';

const { lists, items, done } = CHECKLIST_ROOTS;

/** Who writes, and when. */
export interface ChecklistAuthor {
  userId: number;
  now: Date;
}

export function createList(id: string, title: string, { userId, now }: ChecklistAuthor): KeyWrite[] {
  const list: DocChecklist = { title, createdBy: userId, createdAt: now.toISOString() };
  return [{ root: lists, key: id, value: list }];
}

/** The list and its items, in one write. */
export function deleteList(doc: Y.Doc, listId: string): KeyWrite[] {
  const itemWrites = readChecklistItems(doc, listId).flatMap((item) => deleteItem(item.id));
  return [...itemWrites, { root: lists, key: listId, value: undefined }];
}

export interface NewChecklistItem {
  listId: string;
  text: string;
  assignee: number | null;
  dueDate: string | null;
}

/** A new item, after the list's last one as the document holds it now. */
export function addItem(doc: Y.Doc, id: string, fields: NewChecklistItem, { userId, now }: ChecklistAuthor): KeyWrite[] {
  const item: DocChecklistItem = {
    ...fields,
    pos: checklistKeyBefore(readChecklistItems(doc, fields.listId), null),
    createdBy: userId,
    createdAt: now.toISOString(),
  };
  return [{ root: items, key: id, value: item }];
}

export type ChecklistItemChanges = Partial<Pick<DocChecklistItem, 'text' | 'assignee' | 'dueDate'>>;

/** The item with `changes` (fields left undefined keep their value); nothing when none changes it. */
export function updateItem(doc: Y.Doc, itemId: string, changes: ChecklistItemChanges): KeyWrite[] {
  const before = readChecklistItem(doc, itemId);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (!before || Object.keys(defined).length === 0) return [];
  return [{ root: items, key: itemId, value: { ...before, ...defined } }];
}

/** Every member ticks: the tick lives apart from the item, so it never undoes an editor's change. */
export function setDone(itemId: string, isDone: boolean): KeyWrite[] {
  return [{ root: done, key: itemId, value: isDone ? true : undefined }];
}

export function deleteItem(itemId: string): KeyWrite[] {
  return [
    { root: items, key: itemId, value: undefined },
    { root: done, key: itemId, value: undefined },
  ];
}

/** Puts the item just before `beforeItemId` of its list (null: last). */
export function moveItem(doc: Y.Doc, itemId: string, beforeItemId: string | null): KeyWrite[] {
  const item = readChecklistItem(doc, itemId);
  if (!item) return [];
  const pos = checklistKeyBefore(readChecklistItems(doc, item.listId), beforeItemId, itemId);
  return [{ root: items, key: itemId, value: { ...item, pos } }];
}
