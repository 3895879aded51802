/**
 * The fuzz's gate in front of HTTP: a random body is read as the server reads it and checked against its
 * call's contract in-process. The bodies the contract lets through go over HTTP, to reach the commands;
 * of the ones it refuses, only a sample does, so the server's own parsing and validation stay exercised
 * while most refusals cost no request and no database snapshot.
 */
import fc from 'fast-check';
import superjson from 'superjson';
import { messages, parseWith, type CallContract } from '@caravan/shared';
import type { User } from '@caravan/engine';
import type { createApi } from './apiClient.ts';

export interface FuzzCall {
  contract: CallContract;
  /** The admin calls take superjson envelopes, decoded before the contract checks them. */
  superjson?: boolean;
}

/**
 * One refused body in ten goes over HTTP all the same. fast-check draws which, with the body, so the seed
 * it prints replays a failure exactly, and shrinking a failure keeps sending it (it shrinks towards true).
 */
export const refusedSample: fc.Arbitrary<boolean> = fc.oneof({ arbitrary: fc.constant(true), weight: 1 }, { arbitrary: fc.constant(false), weight: 9 });

/** A GET's request: the body's fields as query parameters, or the text itself read as a query string. */
function queryOf(raw: string): URLSearchParams {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return new URLSearchParams(raw);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return new URLSearchParams(raw);
  return new URLSearchParams(Object.entries(json).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

type Read = { ok: true; value: unknown } | { ok: false; message: string };

/** A POST's body as the JSON parser hands it on: nothing is {}, and only an object or array is JSON it takes. */
function readBody(raw: string): Read {
  if (raw === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? { ok: true, value } : { ok: false, message: 'not a JSON object' };
  } catch {
    return { ok: false, message: 'not JSON' };
  }
}

/** The envelope decoded as the admin routes decode it; an envelope with keys of its own is left for the contract to refuse. */
function decodeSuperjson(read: Read): Read {
  if (!read.ok || typeof read.value !== 'object' || read.value === null || !('json' in read.value)) return read;
  if (Object.keys(read.value).some((key) => key !== 'json' && key !== 'meta')) return read;
  try {
    return { ok: true, value: superjson.deserialize(read.value as Parameters<typeof superjson.deserialize>[0]) };
  } catch {
    return { ok: false, message: messages.validation.invalidSuperjson };
  }
}

/** Why the server refuses this body before its handler runs, read and checked in-process; null when the contract takes it. */
export function contractRefusal(call: FuzzCall, raw: string): string | null {
  let read: Read = call.contract.method === 'GET' ? { ok: true, value: Object.fromEntries(queryOf(raw)) } : readBody(raw);
  if (call.superjson) read = decodeSuperjson(read);
  if (!read.ok) return read.message;
  const result = parseWith(call.contract.request, read.value);
  return result.ok ? null : result.message;
}

/** Whether this body goes over HTTP: the contract takes it, or it is one of the sampled refusals. A refusal must say why. */
export function goesOverHttp(call: FuzzCall, raw: string, sampled: boolean): boolean {
  const refusal = contractRefusal(call, raw);
  if (refusal === null) return true;
  if (!refusal.trim()) throw new Error(`${call.contract.path} refuses ${JSON.stringify(raw)} without saying why`);
  return sampled;
}

/** Makes the call with this body: a POST sends the text as it is, a GET its query string. */
export function sendRaw(api: ReturnType<typeof createApi>, call: FuzzCall, raw: string, as: User | null) {
  const { method, path } = call.contract;
  return method === 'GET' ? api.get(`${path}?${queryOf(raw)}`, { as }) : api.post(path, raw, { as });
}
