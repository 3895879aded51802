/**
 * Every call of `calls` as a flat list under its dotted name ('stops.toggleVisited'), and the fields a
 * call's request takes: what lists that must name every call (the authorization matrix, the fuzz) are
 * built from or checked against.
 */
import { z } from 'zod';
import { calls } from './calls.ts';
import type { CallContract } from './defineCall.ts';

type Calls = typeof calls;

/** 'config' for a call at the top level, 'group.call' for one in a group. */
export type CallName = {
  [Group in keyof Calls]: Calls[Group] extends CallContract ? Group : `${Group & string}.${keyof Calls[Group] & string}`;
}[keyof Calls];

export interface NamedCall {
  name: CallName;
  contract: CallContract;
}

const isContract = (value: object): value is CallContract => 'path' in value;

export const callList: readonly NamedCall[] = Object.entries(calls).flatMap(([group, value]) =>
  isContract(value)
    ? [{ name: group as CallName, contract: value }]
    : Object.entries(value as Record<string, CallContract>).map(([name, contract]) => ({ name: `${group}.${name}` as CallName, contract })),
);

export const callNamed = (name: CallName): CallContract => callList.find((call) => call.name === name)!.contract;

/** The strict object inside a request schema; requestObject wraps it in a preprocessing pipe. */
function requestShape(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return requestShape(schema.out as z.ZodType) ?? requestShape(schema.in as z.ZodType);
  return undefined;
}

/** The field names a call's request takes. */
export function requestFields(contract: CallContract): string[] {
  const shape = requestShape(contract.request);
  if (!shape) throw new Error(`The request of ${contract.method} ${contract.path} is not an object`);
  return Object.keys(shape.shape);
}
