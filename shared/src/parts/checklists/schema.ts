/**
 * Checklists in the trip document (docs/architecture.md#checklists), read and written alike by the web app, the
 * REST commands and the live door through this part (./index.ts):
 * - checklists:     Y.Map<listId, DocChecklist>     each list one plain value (its title changes whole)
 * - checklistItems: Y.Map<itemId, DocChecklistItem> each item one plain value holding its list id and `pos`, a
 *                                                   fractional order key as stops have, so a move rewrites one item
 * - checklistDone:  Y.Map<itemId, true>             the ticked items: a tick never touches the item, so every member
 *                                                   (viewers too) ticks while editors edit, and neither undoes the other
 * Two editors changing one item at once keep the later write whole.
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import { checklistFields } from '../../contracts/checklistFields.ts';
import { isOrderKey } from '../../domain/orderKeys.ts';
import { DOC_ID } from '../keys.ts';

export const CHECKLIST_ROOTS = { lists: 'checklists', items: 'checklistItems', done: 'checklistDone' } as const;
export type ChecklistRoot = (typeof CHECKLIST_ROOTS)[keyof typeof CHECKLIST_ROOTS];

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
