/**
 * The worker pool for CPU-heavy work: reading an imported file, a route's estimate matrix and solve, a day plan, a PDF (the
 * tasks are in heavyTasks.ts). The request loop only validates, authorizes and waits, so one user's big file or
 * thousand-stop trip never holds another user's request. The tasks run on a few threads niced below the request
 * loop (threadPool.ts, which also replaces a thread that dies, with a growing pause); each user may have
 * HEAVY_TASKS_PER_USER tasks at once (429 past that, held for a second: a client asking again the instant it is
 * refused, as a hostile one does, asked hundreds of times a second and kept the request loop busy answering; held,
 * it asks once a second), the queue is bounded (503 when full), a task past its time budget is stopped (its thread
 * terminated) and answers 503, and a task whose thread died under it answers 503 with what happened.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@caravan/shared';
import { AppError, type Logger } from '@caravan/engine';
import type { HeavyAnswer, HeavyInput, HeavyOutput, HeavyRequest, HeavyTaskName } from './heavyTasks.ts';
import { createThreadPool, TaskAborted, ThreadDied } from './threadPool.ts';

const m = messages.heavyWork;

export const HEAVY_TASKS_PER_USER = 2;
/** Tasks waiting for a thread, from all users; past it the server is too busy to take more. */
const QUEUE_LIMIT = 16;
/** A thread idle this long ends; the first task after pays its start (about a second to load the readers). */
const IDLE_THREAD_MS = 60_000;
/** Below the request loop: when both want a core, the loop gets it. */
const NICE_INCREMENT = 10;
/**
 * A thread past this heap is ended (the task fails, the file is refused), where running out of memory would end the
 * whole server. A 10 MB GPX of 120,000 track points takes about 1.5 GB as a DOM.
 */
const THREAD_HEAP_MB = 2048;
const RETRY_AFTER_SECONDS = 5;
const REFUSAL_HOLD_MS = 1000;
/** Each held refusal is an open request; past this many at once, refusals are answered at once. */
const MAX_HELD_REFUSALS = 1000;

const TASK_NAMES: Record<HeavyTaskName, string> = {
  readImport: m.readingFile,
  proposeRoute: m.optimisingRoute,
  planDays: m.planningDays,
  buildPdf: m.buildingPdf,
};

export interface HeavyWorkOptions {
  threads: number;
  /** Time a task may take from being asked for, waiting included, before it is stopped. */
  budgetMs: number;
  /** The pause before a dead thread's replacement (0.5 s doubling to 30 s by default; tests shorten it). */
  restartPause?: { firstMs: number; maxMs: number };
  /** The module the threads run (heavyWorker.mjs; tests give one that can be told to die). */
  workerModule?: URL;
}

/** Runs one task in the pool: `transfer` lists buffers of the input handed over rather than copied. */
export type RunHeavyTask = <N extends HeavyTaskName>(name: N, input: HeavyInput<N>, transfer?: ArrayBuffer[]) => Promise<HeavyOutput<N>>;

export interface HeavyWork {
  /**
   * Runs a heavy request's `job` in one of the user's places, taken before the job reads anything (429 when the
   * user has none left, so a refused call costs next to nothing); the job's CPU work goes to the pool through `run`.
   */
  forUser<T>(userId: number, job: (run: RunHeavyTask) => Promise<T>): Promise<T>;
  /** One task for a user: `forUser` around a single `run`. */
  run<N extends HeavyTaskName>(userId: number, name: N, input: HeavyInput<N>, transfer?: ArrayBuffer[]): Promise<HeavyOutput<N>>;
  /** Ends every thread (a running task is dropped). */
  close(): Promise<void>;
}

export function createHeavyWork(
  { threads, budgetMs, restartPause, workerModule }: HeavyWorkOptions,
  logger: Pick<Logger, 'warn' | 'info'>,
): HeavyWork {
  const pool = createThreadPool<HeavyRequest, HeavyAnswer>({
    filename: workerModule ?? new URL('./heavyWorker.mjs', import.meta.url),
    threads,
    idleMs: IDLE_THREAD_MS,
    queueLimit: QUEUE_LIMIT,
    niceIncrement: NICE_INCREMENT,
    heapMb: THREAD_HEAP_MB,
    firstPauseMs: restartPause?.firstMs,
    maxPauseMs: restartPause?.maxMs,
    logger,
  });
  const running = new Map<number, number>();
  let heldRefusals = 0;

  async function refuseBusyUser(): Promise<never> {
    if (heldRefusals < MAX_HELD_REFUSALS) {
      heldRefusals++;
      // Unref'd: a held refusal does not keep a stopping server's process alive.
      await sleep(REFUSAL_HOLD_MS, undefined, { ref: false }).finally(() => heldRefusals--);
    }
    throw new AppError('rate_limited', m.tooManyAtOnce(HEAVY_TASKS_PER_USER), 1);
  }

  const runTask: RunHeavyTask = async (name, input, transfer) => {
    if (pool.queueSize >= QUEUE_LIMIT) throw new AppError('unavailable', m.busy, RETRY_AFTER_SECONDS);
    const signal = AbortSignal.timeout(budgetMs);
    try {
      const answer = await pool.run({ name, input }, { signal, transferList: transfer });
      if ('refusal' in answer) throw new AppError(answer.refusal.code, answer.refusal.message);
      return answer.value as HeavyOutput<typeof name>;
    } catch (error) {
      if (error instanceof ThreadDied) {
        // Asked again, a task that ran out of memory would only do it again; one whose thread crashed may pass.
        if (error.outOfMemory) throw new AppError('unavailable', m.outOfMemory(TASK_NAMES[name]));
        throw new AppError('unavailable', m.threadDied(TASK_NAMES[name]), RETRY_AFTER_SECONDS);
      }
      // Its budget ran out in the queue while the threads were being replaced after a death: say so.
      if (error instanceof TaskAborted && !error.started && pool.restarting) throw new AppError('unavailable', m.restarting, RETRY_AFTER_SECONDS);
      if (signal.aborted) throw new AppError('unavailable', m.tooSlow(TASK_NAMES[name], budgetMs / 1000));
      throw error;
    }
  };

  const forUser: HeavyWork['forUser'] = async (userId, job) => {
    const mine = running.get(userId) ?? 0;
    if (mine >= HEAVY_TASKS_PER_USER) return refuseBusyUser();
    running.set(userId, mine + 1);
    try {
      return await job(runTask);
    } finally {
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    }
  };

  return {
    forUser,
    run: (userId, name, input, transfer) => forUser(userId, (run) => run(name, input, transfer)),
    close: () => pool.destroy(),
  };
}
