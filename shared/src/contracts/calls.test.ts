/** The call contracts: each names one route, so no two calls can answer at the same method and path. */
import { describe, expect, it } from 'vitest';
import { calls } from './calls.ts';
import type { CallContract } from './defineCall.ts';

const contracts: CallContract[] = Object.values(calls).flatMap((group) =>
  'path' in group ? [group as CallContract] : Object.values(group as Record<string, CallContract>),
);

describe('call contracts', () => {
  it('give every call its own method and path', () => {
    const routes = contracts.map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
