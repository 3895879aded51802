/**
 * A form sent through one call once its contract accepts the values: the contract's message when it does
 * not, the server's (or a fallback) when the call fails, the answer when it succeeds.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ParseResult } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { accountMessages } from './messages.ts';

export function useContractForm<T, R>(parse: (values: unknown) => ParseResult<T>, send: (body: T) => Promise<R>, onDone?: (answer: R) => void) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setError(null),
    onSuccess: onDone,
    onError: (caught) => setError(errorMessage(caught, accountMessages.failed)),
  });
  function submit(values: unknown) {
    const parsed = parse(values);
    if (!parsed.ok) return setError(parsed.message);
    mutation.mutate(parsed.data);
  }
  return { error, pending: mutation.isPending, answer: mutation.isSuccess ? mutation.data : undefined, submit };
}
