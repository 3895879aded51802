/**
 * A checklist's items through REST: the checklist part's writers, judged by its rule as the live door's writes are
 * (shared/src/parts/checklists), under the trip's lock (engine/src/tripDocs/partWrites.ts). Owner and editors add,
 * edit, assign, date, move and delete items; every member ticks them; giving an item to a member records "assigned".
 */
import { randomUUID } from 'node:crypto';
import type * as Y from 'yjs';
import {
  canEditChecklists,
  checklistDoneMap,
  checklistWrites,
  messages,
  readChecklist,
  readChecklistItem,
  readChecklistItems,
  type ChecklistItemView,
  type DocChecklistItem,
  type TAddChecklistItemRequest,
  type TUpdateChecklistItemRequest,
  type TripRole,
} from '@caravan/shared';
import { AppError, writeParts, type TripDocHub, type User } from '@caravan/engine';

const c = messages.checklists;

const existingItem = (doc: Y.Doc, itemId: string): DocChecklistItem => {
  const item = readChecklistItem(doc, itemId);
  if (!item || !readChecklist(doc, item.listId)) throw new AppError('not_found', c.itemNotFound);
  return item;
};

const itemView = (doc: Y.Doc, id: string): ChecklistItemView => ({ ...readChecklistItem(doc, id)!, id, done: checklistDoneMap(doc).get(id) === true });

export async function checklistItemAdder(
  tripDocs: TripDocHub,
  user: User,
  role: TripRole,
  params: TAddChecklistItemRequest,
  now = new Date(),
): Promise<ChecklistItemView> {
  const id = randomUUID();
  const { tripId, ...fields } = params;
  return writeParts(
    tripDocs,
    tripId,
    user,
    role,
    ({ doc }) => {
      if (!readChecklist(doc, fields.listId)) throw new AppError('not_found', c.listNotFound);
      return checklistWrites.addItem(doc, id, fields, { userId: user.id, now });
    },
    (doc) => itemView(doc, id),
    now,
  );
}

/** Viewers may send `done` alone; anything else of theirs is refused with the reason. */
export async function checklistItemUpdater(tripDocs: TripDocHub, user: User, role: TripRole, params: TUpdateChecklistItemRequest): Promise<ChecklistItemView> {
  const { tripId, itemId, done, ...changes } = params;
  const editing = changes.text !== undefined || changes.assignee !== undefined || changes.dueDate !== undefined;
  if (editing && !canEditChecklists(role)) throw new AppError('forbidden', c.viewerTicksOnly);
  return writeParts(
    tripDocs,
    tripId,
    user,
    role,
    ({ doc }) => {
      existingItem(doc, itemId);
      return [...checklistWrites.updateItem(doc, itemId, changes), ...(done === undefined ? [] : checklistWrites.setDone(itemId, done))];
    },
    (doc) => itemView(doc, itemId),
  );
}

export async function checklistItemDeleter(tripDocs: TripDocHub, user: User, role: TripRole, params: { tripId: string; itemId: string }): Promise<{ id: string }> {
  return writeParts(
    tripDocs,
    params.tripId,
    user,
    role,
    ({ doc }) => {
      existingItem(doc, params.itemId);
      return checklistWrites.deleteItem(params.itemId);
    },
    () => ({ id: params.itemId }),
  );
}

export async function checklistItemMover(
  tripDocs: TripDocHub,
  user: User,
  role: TripRole,
  params: { tripId: string; itemId: string; beforeItemId: string | null },
): Promise<ChecklistItemView> {
  return writeParts(
    tripDocs,
    params.tripId,
    user,
    role,
    ({ doc }) => {
      const item = existingItem(doc, params.itemId);
      const siblings = readChecklistItems(doc, item.listId);
      if (params.beforeItemId !== null && (params.beforeItemId === params.itemId || !siblings.some((other) => other.id === params.beforeItemId))) {
        throw new AppError('validation', c.invalidPosition);
      }
      return checklistWrites.moveItem(doc, params.itemId, params.beforeItemId);
    },
    (doc) => itemView(doc, params.itemId),
  );
}
