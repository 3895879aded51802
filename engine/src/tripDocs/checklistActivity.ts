/**
 * The activity entry of a checklist item given to a member ("Ana assigned you 'Pack the tent'"), written once
 * whichever door assigned it: REST's item commands call it in their transaction, the collab server when a
 * member's live edit assigns one (collab-server/src/liveChecklistActivity.ts).
 */
import type * as Y from 'yjs';
import type { DocChecklistItem } from '@caravan/shared';
import { recordActivity, type ActivityActor } from './activityRecorder.ts';

/** Whether a write of `after` over `before` gives the item to someone new (taking it away says nothing). */
export const isNewAssignment = (before: Pick<DocChecklistItem, 'assignee'> | null, after: Pick<DocChecklistItem, 'assignee'>) =>
  after.assignee !== null && after.assignee !== (before?.assignee ?? null);

/** Call inside the write's `transact`; `assigneeName` as the trip's members list shows it. */
export const recordItemAssigned = (doc: Y.Doc, actor: ActivityActor, itemId: string, item: DocChecklistItem, assigneeName: string) =>
  recordActivity(doc, actor, 'item_assigned', { itemId, text: item.text, assigneeId: item.assignee, assigneeName });
