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

/** An answer as sent: its status (304 has no payload), its ETag, and its payload. */
interface Exchange {
  status: number;
  etag: string | null;
  payload: unknown;
}

async function exchange(path: string, options: RequestOptions & { ifNoneMatch?: string }): Promise<Exchange> {
  const { method = options.body === undefined ? 'GET' : 'POST', encoding = 'json' } = options;
  const body = options.body === undefined ? undefined : encoding === 'superjson' ? superjson.serialize(options.body) : options.body;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.ifNoneMatch) headers['If-None-Match'] = options.ifNoneMatch;
  const response = await fetch(`/_api${path}`, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const etag = response.headers.get('ETag');
  // The answer the caller holds still stands (only ever to a request that named its tag).
  if (response.status === 304) return { status: 304, etag, payload: undefined };
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
  return { status: response.status, etag, payload: encoding === 'superjson' ? superjson.deserialize(payload as never) : payload };
}

async function request(path: string, options: RequestOptions): Promise<unknown> {
  return (await exchange(path, options)).payload;
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

/** An answer a client holds with the ETag it came with, to ask again with If-None-Match. */
export interface HeldAnswer<T> {
  etag: string;
  value: T;
}

/**
 * A POST call whose answers carry an ETag, asked with the answer held from before: while it still stands the server
 * answers 304 with no body (after its access checks, as for any request) and the held value is the answer; else the
 * new answer, parsed with the contract's schema, with its tag (null when the server sent none).
 */
export async function revalidatedCall<C extends CallContract>(
  contract: C,
  body: CallRequest<C>,
  held: HeldAnswer<z.infer<C['response']>> | undefined,
): Promise<{ etag: string | null; value: z.infer<C['response']> }> {
  const answer = await exchange(contract.path, { method: 'POST', body, ifNoneMatch: held?.etag });
  if (answer.status === 304 && held) return held;
  return { etag: answer.etag, value: contract.response.parse(answer.payload) as z.infer<C['response']> };
}

/** Admin calls speak superjson both ways. */
export function adminCall<C extends CallContract>(contract: C, ...args: CallArgs<C>): Promise<z.infer<C['response']>> {
  const [body, options]: [unknown?, CallOptions?] = args;
  return contractRequest(contract, body, { fallback: appMessages.fallbacks.unknown, ...options, encoding: 'superjson' });
}

export function errorMessage(error: unknown, fallback: string = appMessages.fallbacks.unknown): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
