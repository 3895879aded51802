/**
 * Each value of votes and polls once, with its refusal message: the REST requests (./decisions.ts) and the
 * live door's checks of the trip document (../parts/decisions: its schema and judge) are
 * both built from here, so either door takes the same values with the same messages.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { isStorableText } from '../storableText.ts';

const d = messages.decisions;

export const POLL_QUESTION_MAX_LENGTH = 200;
export const POLL_OPTION_MAX_LENGTH = 100;
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
/** A trip holds at most this many polls, through either door: one flooding member cannot grow everyone's document without end. */
export const MAX_POLLS = 200;

const text = (message: string) => z.string({ error: message }).refine(isStorableText, messages.validation.textNotAllowed);
const sameOption = (option: string) => option.trim().toLocaleLowerCase();

export const decisionFields = {
  suggestionVote: z.enum(['up', 'down'], { error: d.invalidVote }),
  question: text(d.questionRequired)
    .max(POLL_QUESTION_MAX_LENGTH, d.questionTooLong)
    .refine((value) => value.trim() !== '', d.questionRequired),
  options: z
    .array(
      text(d.optionRequired)
        .max(POLL_OPTION_MAX_LENGTH, d.optionTooLong)
        .refine((value) => value.trim() !== '', d.optionRequired),
      { error: d.optionCount },
    )
    .min(POLL_MIN_OPTIONS, d.optionCount)
    .max(POLL_MAX_OPTIONS, d.optionCount)
    .refine((options) => new Set(options.map(sameOption)).size === options.length, d.optionsDistinct),
  multiple: z.boolean({ error: d.invalidMultiple }),
  closesAt: z.iso.datetime({ offset: true, error: d.invalidClosesAt }).nullable(),
  /** Option numbers (0-based), each once; whether they fit the poll is pollChoiceProblem's to say. */
  choices: z
    .array(z.number({ error: d.invalidChoices }).int(d.invalidChoices).min(0, d.choiceOutOfRange).max(POLL_MAX_OPTIONS - 1, d.choiceOutOfRange), {
      error: d.invalidChoices,
    })
    .max(POLL_MAX_OPTIONS, d.invalidChoices)
    .refine((choices) => new Set(choices).size === choices.length, d.invalidChoices),
} as const;

export type SuggestionVote = z.infer<typeof decisionFields.suggestionVote>;
