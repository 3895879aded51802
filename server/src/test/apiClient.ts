/** Calls the running API as a given user (a real session cookie) or anonymously, like a browser would. */
import superjson from 'superjson';
import { SESSION_COOKIE, type User } from '@caravan/engine';
import { sessionCreator } from '../commands/sessionCreator.ts';
import type { RunningServer } from '../server.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  as?: User | string | null;
  headers?: Record<string, string>;
}

export function createApi(server: RunningServer) {
  const cookies = new Map<number, string>();

  async function cookieFor(as: CallOptions['as']): Promise<string | undefined> {
    if (!as) return undefined;
    if (typeof as === 'string') return as;
    if (!cookies.has(as.id)) {
      const token = await sessionCreator(server.deps.dataSource, { userId: as.id });
      cookies.set(as.id, `${SESSION_COOKIE}=${token}`);
    }
    return cookies.get(as.id);
  }

  async function call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const cookie = await cookieFor(options.as);
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${server.url}/_api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the raw text is the body.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  return {
    get: <T = any>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    post: <T = any>(path: string, body: unknown, options?: CallOptions) => call<T>('POST', path, body, options),
    /** Admin calls: superjson request, superjson response (errors stay plain JSON). */
    adminGet: async <T = any>(path: string, options?: CallOptions) => decode<T>(await call('GET', path, undefined, options)),
    adminPost: async <T = any>(path: string, body: unknown, options?: CallOptions) =>
      decode<T>(await call('POST', path, superjson.serialize(body), options)),
    /** Forget a cached session, e.g. after the server ended it. */
    forget: (user: User) => cookies.delete(user.id),
  };
}

function decode<T>(response: ApiResponse): ApiResponse<T> {
  if (response.status >= 400) return response;
  return { ...response, body: superjson.deserialize(response.body) as T };
}
