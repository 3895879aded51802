/** Checklists: lists, their items and the ticks (./schema.ts), as one part of the trip document (../part.ts). */
import type { TripPart } from '../part.ts';
import { checklistActivity } from './activity.ts';
import { judgeChecklists } from './judge.ts';
import { CHECKLIST_ROOTS } from './schema.ts';

export * from './schema.ts';
export * from './read.ts';
export * as checklistWrites from './write.ts';
export type { ChecklistAuthor, ChecklistItemChanges, NewChecklistItem } from './write.ts';
export { isNewAssignment } from './activity.ts';

export const checklistsPart: TripPart = {
  name: 'checklists',
  roots: Object.values(CHECKLIST_ROOTS),
  notPlain: () => 'votes, polls and checklists hold plain values',
  judge: judgeChecklists,
  activity: checklistActivity,
};
