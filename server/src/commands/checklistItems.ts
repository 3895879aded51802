/**
 * A checklist's items through REST, written into the trip document by the rules the live door holds to
 * (collab-server/src/checklistPermissions.ts): owner and editors add, edit, assign, date, move and delete them;
 * every member ticks them. Giving an item to a member records "assigned" once (engine/src/tripDocs/checklistActivity.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_CHECKLIST_ITEMS,
  canEditChecklists,
  checklistDoneMap,
  checklistItemsMap,
  checklistKeyBefore,
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
import { AppError, isNewAssignment, recordItemAssigned, serverOrigin, tripMemberNames, type TripDocHub, type User } from '@caravan/engine';
import type { EntityManager } from 'typeorm';

const c = messages.checklists;

/**
 * The assignee's name, or a 400 when they are not a current member. Asked in the write's transaction, under the
 * trip's row lock that a member's removal takes too, so a member removed meanwhile is never assigned.
 */
async function assigneeName(manager: EntityManager, tripId: string, assignee: number | null | undefined): Promise<string> {
  if (assignee === null || assignee === undefined) return '';
  const name = (await tripMemberNames(manager, tripId)).get(assignee);
  if (name === undefined) throw new AppError('validation', c.invalidAssignee);
  return name;
}

const existingItem = (doc: Parameters<typeof readChecklistItem>[0], itemId: string): DocChecklistItem => {
  const item = readChecklistItem(doc, itemId);
  if (!item || !readChecklist(doc, item.listId)) throw new AppError('not_found', c.itemNotFound);
  return item;
};

export async function checklistItemAdder(tripDocs: TripDocHub, user: User, params: TAddChecklistItemRequest, now = new Date()): Promise<ChecklistItemView> {
  const id = randomUUID();
  return tripDocs.write(params.tripId, serverOrigin(user.id), async ({ doc, manager, transact }) => {
    const name = await assigneeName(manager, params.tripId, params.assignee);
    if (!readChecklist(doc, params.listId)) throw new AppError('not_found', c.listNotFound);
    if (checklistItemsMap(doc).size >= MAX_CHECKLIST_ITEMS) throw new AppError('validation', c.tooManyItems);
    const item: DocChecklistItem = {
      listId: params.listId,
      text: params.text,
      pos: checklistKeyBefore(readChecklistItems(doc, params.listId), null),
      assignee: params.assignee,
      dueDate: params.dueDate,
      createdBy: user.id,
      createdAt: now.toISOString(),
    };
    transact(() => {
      checklistItemsMap(doc).set(id, item);
      if (isNewAssignment(null, item)) recordItemAssigned(doc, user, id, item, name);
    });
    return { ...item, id, done: false };
  });
}

const isDone = (doc: Parameters<typeof checklistDoneMap>[0], itemId: string) => checklistDoneMap(doc).get(itemId) === true;

/** Viewers may send `done` alone; anything else of theirs is refused with the reason. */
export async function checklistItemUpdater(
  tripDocs: TripDocHub,
  user: User,
  role: TripRole | null,
  params: TUpdateChecklistItemRequest,
): Promise<ChecklistItemView> {
  const { tripId, itemId, done, ...changes } = params;
  const editing = changes.text !== undefined || changes.assignee !== undefined || changes.dueDate !== undefined;
  if (editing && !canEditChecklists(role)) throw new AppError('forbidden', c.viewerTicksOnly);
  return tripDocs.write(tripId, serverOrigin(user.id), async ({ doc, manager, transact }) => {
    const name = await assigneeName(manager, tripId, changes.assignee);
    const before = existingItem(doc, itemId);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const after: DocChecklistItem = { ...before, ...defined };
    transact(() => {
      if (Object.keys(defined).length) checklistItemsMap(doc).set(itemId, after);
      if (done === true) checklistDoneMap(doc).set(itemId, true);
      if (done === false) checklistDoneMap(doc).delete(itemId);
      if (isNewAssignment(before, after)) recordItemAssigned(doc, user, itemId, after, name);
    });
    return { ...after, id: itemId, done: isDone(doc, itemId) };
  });
}

export async function checklistItemDeleter(tripDocs: TripDocHub, user: User, params: { tripId: string; itemId: string }): Promise<{ id: string }> {
  return tripDocs.write(params.tripId, serverOrigin(user.id), ({ doc, transact }) => {
    existingItem(doc, params.itemId);
    transact(() => {
      checklistItemsMap(doc).delete(params.itemId);
      checklistDoneMap(doc).delete(params.itemId);
    });
    return { id: params.itemId };
  });
}

export async function checklistItemMover(
  tripDocs: TripDocHub,
  user: User,
  params: { tripId: string; itemId: string; beforeItemId: string | null },
): Promise<ChecklistItemView> {
  return tripDocs.write(params.tripId, serverOrigin(user.id), ({ doc, transact }) => {
    const item = existingItem(doc, params.itemId);
    const siblings = readChecklistItems(doc, item.listId);
    if (params.beforeItemId !== null && (params.beforeItemId === params.itemId || !siblings.some((other) => other.id === params.beforeItemId))) {
      throw new AppError('validation', c.invalidPosition);
    }
    const moved = { ...item, pos: checklistKeyBefore(siblings, params.beforeItemId, params.itemId) };
    transact(() => checklistItemsMap(doc).set(params.itemId, moved));
    return { ...moved, id: params.itemId, done: isDone(doc, params.itemId) };
  });
}
