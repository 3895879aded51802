/** Validates a request body or query with a shared contract; failures become a 400 with the contract's message. */
import type { z } from 'zod';
import { parseWith } from '@caravan/shared';
import { AppError } from '@caravan/engine';

export function input<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = parseWith(schema, value);
  if (!result.ok) throw new AppError('validation', result.message);
  return result.data;
}
