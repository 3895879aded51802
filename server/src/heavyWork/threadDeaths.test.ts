/**
 * A heavy-work thread that dies is replaced, with a growing pause, and nothing waiting is lost (issue 39 item 1):
 * the task it was running answers a clear 503 at once, the tasks queued behind it run on the replacement; a thread
 * that cannot even start is tried again and again, each pause longer (capped), until one starts, and the task that
 * waited is answered then. A thread past its heap limit ends alone, its task answering that it needed too much.
 * The threads here run a stand-in module that can be told to die (fixtures/dyingWorker.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@caravan/engine';
import { messages } from '@caravan/shared';
import { createHeavyWork, type HeavyWork } from './heavyWork.ts';
import { createThreadPool, ThreadDied, type ThreadPool } from './threadPool.ts';

const m = messages.heavyWork;
const DYING_WORKER = new URL('./fixtures/dyingWorker.mjs', import.meta.url);
/** Replacements wait 0.1 s, doubling to 0.4 s (0.5 s to 30 s in the server). */
const PAUSE = { firstMs: 100, maxMs: 400 };

/** A logger that keeps what it is told. */
function recordingLogger() {
  const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
  return {
    warnings,
    warn: (fields: Record<string, unknown>, message: string) => void warnings.push({ fields, message }),
    info: () => {},
  } as unknown as { warnings: typeof warnings; warn: () => void; info: () => void };
}

let heavyWork: HeavyWork | null = null;
let pool: ThreadPool<unknown, unknown> | null = null;
afterEach(async () => {
  await heavyWork?.close();
  await pool?.destroy();
  heavyWork = pool = null;
});

/** Runs one task of the stand-in as user `userId` (each user may have two at once). */
const task = (work: HeavyWork, userId: number, input: Record<string, unknown>) => work.run(userId, 'planDays', input as never);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : { error: String(error) }),
  );

describe('heavy-work threads that die', () => {
  it('answers the dying thread\'s task with a clear 503 and runs the tasks queued behind it on a replacement, after a pause', async () => {
    const logger = recordingLogger();
    heavyWork = createHeavyWork({ threads: 1, budgetMs: 20_000, restartPause: PAUSE, workerModule: DYING_WORKER }, logger as never);
    // The thread is started and warm before the failure.
    await task(heavyWork, 1, { sleep: 0 });

    const dying = refusal(task(heavyWork, 1, { die: 100 }));
    const queued = [task(heavyWork, 2, { sleep: 10 }), task(heavyWork, 3, { sleep: 20 })];

    expect(await dying).toEqual({ code: 'unavailable', message: m.threadDied(m.planningDays) });
    const diedAt = Date.now();
    expect(await Promise.all(queued)).toEqual(['slept 10 ms', 'slept 20 ms']);
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(PAUSE.firstMs - 20);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0].message).toMatch(/died while running a task.*replacement starts in 0.1 s/);
    // Healthy again: the next death waits the first pause again.
    expect(await task(heavyWork, 1, { sleep: 0 })).toBe('slept 0 ms');
  });

  it('tries a thread that cannot start again and again, each pause longer up to the cap, and answers the waiting task once one starts', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-dying-')), 'fail');
    fs.writeFileSync(marker, '');
    const workerModule = new URL(`${DYING_WORKER.href}?failWhile=${encodeURIComponent(marker)}`);
    const logger = recordingLogger();
    heavyWork = createHeavyWork({ threads: 1, budgetMs: 60_000, restartPause: PAUSE, workerModule }, logger as never);

    const waiting = task(heavyWork, 1, { sleep: 5 });
    // Four failed starts (a thread takes a moment to fail), then the thread can start.
    const failedStarts = () => logger.warnings.filter((warning) => /died while starting/.test(warning.message));
    await expect.poll(() => failedStarts().length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(4);
    fs.rmSync(path.dirname(marker), { recursive: true });

    expect(await waiting).toBe('slept 5 ms');
    expect(failedStarts().slice(0, 4).map((warning) => warning.fields.pauseMs)).toEqual([100, 200, 400, 400]);
    expect(String(failedStarts()[0].fields.err)).toMatch(/cannot start/);
  }, 60_000);

  it('ends a thread past its heap limit alone, its task told it needed too much memory, and goes on', async () => {
    const logger = recordingLogger();
    pool = createThreadPool({
      filename: DYING_WORKER,
      threads: 1,
      queueLimit: 4,
      idleMs: 60_000,
      niceIncrement: 0,
      heapMb: 32,
      firstPauseMs: PAUSE.firstMs,
      logger: logger as never,
    });
    const [starved, after] = await Promise.allSettled([pool.run({ input: { oom: true } }), pool.run({ input: { sleep: 1 } })]);
    expect(starved.status === 'rejected' && starved.reason instanceof ThreadDied && starved.reason.outOfMemory).toBe(true);
    expect(after).toEqual({ status: 'fulfilled', value: { value: 'slept 1 ms' } });
  });
});
