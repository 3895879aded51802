/** Turns a zod failure into the one message the contract names for it (that of zod's first issue). */
import type { z } from 'zod';
import { messages } from './messages.ts';

export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return messages.validation.invalidBody;
  if (issue.code === 'unrecognized_keys') return messages.validation.extraProperties(issue.keys);
  if (issue.path.length === 0 && issue.code === 'invalid_type') return messages.validation.invalidBody;
  return issue.message;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.infer<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, message: firstIssueMessage(result.error) };
}
