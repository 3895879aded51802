/**
 * Adding a call cannot skip the lists that must name every call: each call of `calls` is in the
 * authorization matrix or among the calls it leaves out with a reason, and likewise in one of the fuzzes
 * or among the calls none takes.
 */
import { describe, expect, it } from 'vitest';
import { callList, type CallName } from '@caravan/shared';
import { fuzzedCalls, notFuzzed } from '../test/fuzzedCalls.ts';
import { matrixRules, notInMatrix } from './trips/authorizationMatrix.world.ts';

/** The calls a list misses (in neither it nor its exceptions), and the ones it names twice (in both, or twice over). */
function gaps(listed: readonly string[], exceptions: Partial<Record<CallName, string>>) {
  const named = [...listed, ...Object.keys(exceptions)];
  return {
    missing: callList.map(({ name }) => name).filter((name) => !named.includes(name)),
    twice: named.filter((name, index) => named.indexOf(name) !== index),
  };
}

describe('every call is checked', () => {
  it('by the authorization matrix, or left out of it with a reason', () => {
    expect(gaps(Object.keys(matrixRules), notInMatrix)).toEqual({ missing: [], twice: [] });
  });

  it('by a fuzz of random bodies, or left out of them with a reason', () => {
    expect(gaps(Object.values(fuzzedCalls).flat(), notFuzzed)).toEqual({ missing: [], twice: [] });
  });
});
