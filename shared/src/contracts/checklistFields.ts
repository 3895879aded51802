/**
 * Each value of checklists once, with its refusal message: the REST requests (./checklists.ts) and the live
 * door's checks of the trip document (the checklist part, ../parts/checklists) are
 * both built from here, so either door takes the same values with the same messages.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { isStorableText } from '../storableText.ts';
import { calendarDateInput } from './dateInputs.ts';

const c = messages.checklists;

export const CHECKLIST_TITLE_MAX_LENGTH = 100;
export const CHECKLIST_ITEM_MAX_LENGTH = 200;
/** Per trip: one flooding member cannot grow everyone's document without end. */
export const MAX_CHECKLISTS = 50;
export const MAX_CHECKLIST_ITEMS = 500;
/** PostgreSQL integer, as user ids are. */
const USER_ID_MAX = 2_147_483_647;

const text = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .refine(isStorableText, messages.validation.textNotAllowed)
    .refine((value) => value.trim() !== '', required)
    .refine((value) => value.length <= max, tooLong);

export const checklistFields = {
  title: text(c.titleRequired, c.titleTooLong, CHECKLIST_TITLE_MAX_LENGTH),
  text: text(c.textRequired, c.textTooLong, CHECKLIST_ITEM_MAX_LENGTH),
  done: z.boolean({ error: c.invalidDone }),
  /** A member's user id; whether they are a current member is the door's to check (it knows the members). */
  assignee: z.number({ error: c.invalidAssignee }).int(c.invalidAssignee).positive(c.invalidAssignee).max(USER_ID_MAX, c.invalidAssignee).nullable(),
  /** The document holds the calendar date only, 'YYYY-MM-DD'. */
  dueDate: z
    .string({ error: c.invalidDueDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, c.invalidDueDate)
    .pipe(calendarDateInput(c.invalidDueDate))
    .nullable(),
} as const;
