/** The activity a checklist write records: "assigned" when an item is given to someone new (taking it away says nothing). */
import type * as Y from 'yjs';
import type { ActivityNote, KeyChange, PartWriter } from '../part.ts';
import { CHECKLIST_ROOTS, ZDocChecklistItem, type DocChecklistItem } from './schema.ts';

/** Whether a write of `after` over `before` gives the item to someone new. */
export const isNewAssignment = (before: Pick<DocChecklistItem, 'assignee'> | null, after: Pick<DocChecklistItem, 'assignee'>) =>
  after.assignee !== null && after.assignee !== (before?.assignee ?? null);

export function checklistActivity({ root, key, before, after }: KeyChange, _doc: Y.Doc, { members }: PartWriter): ActivityNote[] {
  if (root !== CHECKLIST_ROOTS.items) return [];
  const item = ZDocChecklistItem.safeParse(after);
  if (!item.success) return [];
  const old = ZDocChecklistItem.safeParse(before);
  if (!isNewAssignment(old.success ? old.data : null, item.data)) return [];
  const { text, assignee } = item.data;
  return [{ type: 'item_assigned', data: { itemId: key, text, assigneeId: assignee, assigneeName: members.get(assignee!) ?? '' } }];
}
