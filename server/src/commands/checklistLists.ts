/** Owner and editors make and delete a trip's checklists, in the trip document as the live door takes them. */
import { randomUUID } from 'node:crypto';
import {
  MAX_CHECKLISTS,
  checklistDoneMap,
  checklistItemsMap,
  checklistsMap,
  messages,
  readChecklist,
  readChecklistItems,
  type ChecklistView,
  type DocChecklist,
} from '@caravan/shared';
import { AppError, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function checklistCreator(tripDocs: TripDocHub, creator: User, params: { tripId: string; title: string }, now = new Date()): Promise<ChecklistView> {
  const id = randomUUID();
  const list: DocChecklist = { title: params.title, createdBy: creator.id, createdAt: now.toISOString() };
  return tripDocs.write(params.tripId, serverOrigin(creator.id), ({ doc, transact }) => {
    if (checklistsMap(doc).size >= MAX_CHECKLISTS) throw new AppError('validation', messages.checklists.tooManyLists);
    transact(() => checklistsMap(doc).set(id, list));
    return { ...list, id, items: [] };
  });
}

/** Deletes the list and its items in one write. */
export async function checklistDeleter(tripDocs: TripDocHub, user: User, params: { tripId: string; listId: string }): Promise<{ id: string }> {
  return tripDocs.write(params.tripId, serverOrigin(user.id), ({ doc, transact }) => {
    if (!readChecklist(doc, params.listId)) throw new AppError('not_found', messages.checklists.listNotFound);
    const items = readChecklistItems(doc, params.listId);
    transact(() => {
      for (const item of items) {
        checklistItemsMap(doc).delete(item.id);
        checklistDoneMap(doc).delete(item.id);
      }
      checklistsMap(doc).delete(params.listId);
    });
    return { id: params.listId };
  });
}
