/**
 * One call's contract: its method, its path under /_api, what it takes and what it answers. The server
 * registers its route from it and the web client calls through it, so neither writes the path or the
 * response schema again (Documenso's contract-per-call model).
 */
import type { z } from 'zod';

export interface CallContract<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  /** A GET carries its request in the query string, a POST in its JSON body. */
  method: 'GET' | 'POST';
  /** The full path under /_api, e.g. '/trips/stops/toggle-visited'. */
  path: `/${string}`;
  request: Request;
  response: Response;
}

/** What the caller sends (the checked request) and what the server answers, for one contract. */
export type CallRequest<C extends CallContract> = z.infer<C['request']>;
export type CallResponse<C extends CallContract> = z.input<C['response']>;

/** Keeps the exact schema types of a contract, so both ends infer the request and response from it. */
export const defineCall = <Request extends z.ZodType, Response extends z.ZodType>(
  contract: CallContract<Request, Response>,
): CallContract<Request, Response> => contract;
