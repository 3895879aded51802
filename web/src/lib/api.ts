/**
 * The /_api client: every call goes through its shared contract (method, path, response schema), JSON with
 * the session cookie.
 * A 401 from a non-auth call drops the cached session, so protected pages go back to /login.
 */
import type { z } from 'zod';
import superjson from 'superjson';
import type { CallContract, CallRequest } from '@caravan/shared';
import { appMessages } from './messages/appMessages.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Used when the error body says nothing. */
  fallback?: string;
  encoding?: 'json' | 'superjson';
}

async function request(path: string, options: RequestOptions): Promise<unknown> {
  const { method = options.body === undefined ? 'GET' : 'POST', encoding = 'json' } = options;
  const body = options.body === undefined ? undefined : encoding === 'superjson' ? superjson.serialize(options.body) : options.body;
  const response = await fetch(`/_api${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith('/auth/')) onUnauthorized();
    const fields = (payload ?? {}) as { error?: unknown; message?: unknown };
    const message =
      (typeof fields.error === 'string' && fields.error) ||
      (path.startsWith('/auth/') && typeof fields.message === 'string' && fields.message) ||
      options.fallback ||
      appMessages.fallbacks.http(response.status);
    throw new ApiError(message, response.status);
  }
  return encoding === 'superjson' ? superjson.deserialize(payload as never) : payload;
}

async function apiCall<S extends z.ZodType>(schema: S, path: string, options: RequestOptions = {}): Promise<z.infer<S>> {
  return schema.parse(await request(path, options));
}

interface CallOptions {
  /** Used when the error body says nothing. */
  fallback?: string;
}

/** A call's request (optional when it takes nothing), then its options. */
type CallArgs<C extends CallContract> =
  Record<string, never> extends CallRequest<C>
    ? [body?: CallRequest<C>, options?: CallOptions]
    : [body: CallRequest<C>, options?: CallOptions];

/** A contract's call: a GET's request goes in the query string, a POST's in its body. */
function contractRequest<C extends CallContract>(contract: C, body: unknown, options: RequestOptions): Promise<z.infer<C['response']>> {
  if (contract.method === 'POST') return apiCall<C['response']>(contract.response, contract.path, { ...options, method: 'POST', body });
  const query = new URLSearchParams(body as Record<string, string> | undefined).toString();
  return apiCall<C['response']>(contract.response, query ? `${contract.path}?${query}` : contract.path, { ...options, method: 'GET' });
}

/** One call through its shared contract: method and path come from it, and the answer is parsed with its response schema. */
export function call<C extends CallContract>(contract: C, ...args: CallArgs<C>): Promise<z.infer<C['response']>> {
  const [body, options]: [unknown?, CallOptions?] = args;
  return contractRequest(contract, body, { ...options });
}

/** Admin calls speak superjson both ways. */
export function adminCall<C extends CallContract>(contract: C, ...args: CallArgs<C>): Promise<z.infer<C['response']>> {
  const [body, options]: [unknown?, CallOptions?] = args;
  return contractRequest(contract, body, { fallback: appMessages.fallbacks.unknown, ...options, encoding: 'superjson' });
}

export function errorMessage(error: unknown, fallback: string = appMessages.fallbacks.unknown): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
