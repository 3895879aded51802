/** Owner and editors make and delete a trip's checklists, through the checklist part's writers and rule (shared/src/parts/checklists). */
import { randomUUID } from 'node:crypto';
import { checklistWrites, messages, readChecklist, type ChecklistView, type TripRole } from '@caravan/shared';
import { AppError, writeParts, type TripDocHub, type User } from '@caravan/engine';

export async function checklistCreator(
  tripDocs: TripDocHub,
  creator: User,
  role: TripRole,
  params: { tripId: string; title: string },
  now = new Date(),
): Promise<ChecklistView> {
  const id = randomUUID();
  return writeParts(
    tripDocs,
    params.tripId,
    creator,
    role,
    () => checklistWrites.createList(id, params.title, { userId: creator.id, now }),
    (doc) => ({ ...readChecklist(doc, id)!, id, items: [] }),
    now,
  );
}

/** Deletes the list and its items in one write. */
export async function checklistDeleter(tripDocs: TripDocHub, user: User, role: TripRole, params: { tripId: string; listId: string }): Promise<{ id: string }> {
  return writeParts(
    tripDocs,
    params.tripId,
    user,
    role,
    ({ doc }) => {
      if (!readChecklist(doc, params.listId)) throw new AppError('not_found', messages.checklists.listNotFound);
      return checklistWrites.deleteList(doc, params.listId);
    },
    () => ({ id: params.listId }),
  );
}
