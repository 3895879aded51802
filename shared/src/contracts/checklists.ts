/**
 * Checklists (docs/product.md#checklists): every member reads them and ticks items off; owner and editors make and
 * delete lists and items, edit, assign, date and reorder them. Values and messages come from ./checklistFields.ts,
 * which the live door checks too.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';
import { checklistFields } from './checklistFields.ts';

const c = messages.checklists;
const trimmed = (schema: z.ZodType<string>) => z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema);
/** Document keys are lowercase; a uuid sent in capitals names the same list or item. */
const docId = (message: string) => z.string({ error: message }).uuid(message).transform((value) => value.toLowerCase());

export const ZChecklistsRequest = requestObject({ tripId: tripId() });
export const ZCreateChecklistRequest = requestObject({ tripId: tripId(), title: trimmed(checklistFields.title) });
export const ZDeleteChecklistRequest = requestObject({ tripId: tripId(), listId: docId(c.invalidListId) });

export const ZAddChecklistItemRequest = requestObject({
  tripId: tripId(),
  listId: docId(c.invalidListId),
  text: trimmed(checklistFields.text),
  assignee: checklistFields.assignee.optional().default(null),
  dueDate: checklistFields.dueDate.optional().default(null),
});

/** Only the fields sent change; a viewer may send `done` alone. */
export const ZUpdateChecklistItemRequest = requestObject({
  tripId: tripId(),
  itemId: docId(c.invalidItemId),
  text: trimmed(checklistFields.text).optional(),
  done: checklistFields.done.optional(),
  assignee: checklistFields.assignee.optional(),
  dueDate: checklistFields.dueDate.optional(),
}).refine(
  (body) => body.text !== undefined || body.done !== undefined || body.assignee !== undefined || body.dueDate !== undefined,
  c.nothingToChange,
);

export const ZDeleteChecklistItemRequest = requestObject({ tripId: tripId(), itemId: docId(c.invalidItemId) });

/** Puts the item just before `beforeItemId` (an item of the same list), or last when it is null. */
export const ZMoveChecklistItemRequest = requestObject({
  tripId: tripId(),
  itemId: docId(c.invalidItemId),
  beforeItemId: docId(c.invalidPosition).nullable(),
});

export const ZChecklistItem = z.object({
  id: z.string(),
  listId: z.string(),
  text: z.string(),
  pos: z.string(),
  done: z.boolean(),
  assignee: z.number().nullable(),
  dueDate: z.string().nullable(),
  createdBy: z.number(),
  createdAt: z.string(),
});
export const ZChecklist = z.object({
  id: z.string(),
  title: z.string(),
  createdBy: z.number(),
  createdAt: z.string(),
  items: z.array(ZChecklistItem),
});
/** Oldest list first, each list's items in order. */
export const ZChecklistsResponse = z.array(ZChecklist);
export const ZChecklistDeleted = z.object({ id: z.string() });

export type TAddChecklistItemRequest = z.infer<typeof ZAddChecklistItemRequest>;
export type TUpdateChecklistItemRequest = z.infer<typeof ZUpdateChecklistItemRequest>;
export type TChecklist = z.infer<typeof ZChecklist>;
export type TChecklistItem = z.infer<typeof ZChecklistItem>;
