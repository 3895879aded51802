/** Timing helpers of the worker pool's tests: a call's answer with its time, and another user's trip list while work runs. */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { User } from '@caravan/engine';
import type { TestServer } from './useTestServer.ts';

export async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

/** The user's trip list, asked every 20 ms until `work` has settled: each answer's time (each must be a 200). */
export async function listTimesWhile(t: TestServer, user: User, work: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void work.finally(() => (settled = true));
  const times: number[] = [];
  while (!settled) {
    const { answer, ms } = await timed(() => t.api.get('/trips', { as: user }));
    expect(answer.status).toBe(200);
    times.push(ms);
    await sleep(20);
  }
  return times;
}
