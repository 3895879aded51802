/**
 * The worker pool for CPU-heavy work: reading an imported file, a route's estimate matrix and solve, a day plan,
 * auto-schedule's walk of the itinerary's days, an export file (the tasks are in heavyTasks.ts). The request loop only validates, authorizes and waits, so one user's
 * big file or thousand-stop trip never holds another user's request. The tasks run on a few threads niced below the
 * request loop (threadPool.ts, which also replaces a thread that dies, with a growing pause); each user may have HEAVY_TASKS_PER_USER tasks at once (429 past that, held for a second:
 * a client asking again the instant it is refused, as a hostile one does, asked hundreds of times a second and kept
 * the request loop busy answering; held, it asks once a second), the queue is bounded (503 when full), and a task
 * past its time budget is stopped (its thread terminated) and answers 503, and a task whose thread died under it
 * answers 503 with what happened.
 *
 * Fair to every account: tasks wait in one queue per account and a free thread takes the next account's in turn
 * (round robin), so four accounts' long plans do not make a fifth wait behind all of them; and small tasks (a trip
 * of a few dozen stops) have a lane, and a thread, of their own, so they never wait behind a long one at all. A task
 * that could not start within three quarters of its budget is refused with "busy, try again" then, rather than
 * failing when its whole budget has gone.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@caravan/shared';
import { AppError, type Logger } from '@caravan/engine';
import type { HeavyAnswer, HeavyInput, HeavyOutput, HeavyRequest, HeavyTaskName } from './heavyTasks.ts';
import { createThreadPool, TaskAborted, ThreadDied, type ThreadPool } from './threadPool.ts';

const m = messages.heavyWork;

export const HEAVY_TASKS_PER_USER = 2;
/** Tasks waiting for a thread in a lane, from all users; past it the server is too busy to take more. */
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
/** A small task's heap: a plan or file of a few dozen stops takes little, but a PDF loads its base map's shapes. */
const SMALL_THREAD_HEAP_MB = 1024;
const RETRY_AFTER_SECONDS = 5;
const REFUSAL_HOLD_MS = 1000;
/** Each held refusal is an open request; past this many at once, refusals are answered at once. */
const MAX_HELD_REFUSALS = 1000;
/**
 * Stops of a trip whose plan, route or export runs in the small lane: each takes milliseconds to a second or so
 * (the solvers' own budgets), so a queue of them is short. A file to import never does: a small zip can hold a bomb.
 */
export const SMALL_TASK_STOPS = 50;
/** A stored document of about SMALL_TASK_STOPS stops: each takes some 380 bytes with its plan fields, more with a long history. */
const SMALL_TASK_DOC_BYTES = 24 * 1024;
/** Found places along a route whose placement runs in the small lane: a few ms for this many. */
const SMALL_TASK_PLACES = 2000;
/** The share of a task's budget it may spend waiting for its turn before it is refused as "busy". */
const WAIT_SHARE = 0.75;
/**
 * How long a task given its turn may wait for its thread to start, on top of its budget: a thread's first start loads
 * the readers, a second or so, but tens of seconds on a machine busy with other work; that is not the task's time.
 */
const THREAD_START_MS = 60_000;
/** The small lane's one thread. */
const SMALL_LANE_THREADS = 1;

const TASK_NAMES: Record<HeavyTaskName, string> = {
  readImport: m.readingFile,
  proposeRoute: m.optimisingRoute,
  planDays: m.planningDays,
  autoSchedule: m.datingStops,
  buildExport: m.buildingExport,
  stopDays: m.readingStopDays,
  readVersion: m.readingVersion,
  versionState: m.readingVersion,
  diffVersions: m.comparingVersions,
  corridorRoute: m.searchingAlongRoute,
  corridorPlacement: m.searchingAlongRoute,
  offlineMapPlan: m.listingMapTiles,
};

export interface HeavyWorkOptions {
  /** Threads of the lane for large tasks (the small lane has one more of its own). */
  threads: number;
  /** Time a task may take from being asked for, waiting for its turn included (its thread's start not), before it is stopped. */
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

/** Whether a task is small: a trip of a few dozen stops to plan, route or export (its stops, or its stored document). */
function isSmall(name: HeavyTaskName, input: unknown): boolean {
  if (name === 'readImport') return false;
  const { stops, places } = input as { stops?: unknown; places?: unknown };
  if (Array.isArray(stops)) return stops.length <= SMALL_TASK_STOPS;
  if (Array.isArray(places)) return places.length <= SMALL_TASK_PLACES;
  const bytes = storedBytes(input);
  return bytes > 0 && bytes <= SMALL_TASK_DOC_BYTES;
}

/**
 * The bytes of stored documents a task is given (a trip's stored updates; a version's state and chunks, which are
 * compressed and so count less than they make), found among its input's fields a few levels down; an array of
 * plain values (a matrix row, a list of ids) is not walked.
 */
function storedBytes(value: unknown, depth = 0): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (depth >= 3 || value === null || typeof value !== 'object') return 0;
  const items = Array.isArray(value) ? value : Object.values(value);
  if (Array.isArray(value) && (items.length === 0 || items[0] === null || typeof items[0] !== 'object')) return 0;
  let bytes = 0;
  for (const item of items) {
    bytes += storedBytes(item, depth + 1);
    if (bytes > SMALL_TASK_DOC_BYTES) break;
  }
  return bytes;
}

interface Waiting {
  start: () => void;
  refuse: (error: Error) => void;
}

/** A lane: its threads, and per account the tasks waiting for one, served in turn. */
interface Lane {
  pool: ThreadPool<HeavyRequest, HeavyAnswer>;
  threads: number;
  running: number;
  /** By account, in turn order: the account served next is the first key; served, it goes to the back. */
  waiting: Map<number, Waiting[]>;
  waitingCount: number;
}

function createLane(
  threads: number,
  heapMb: number,
  { restartPause, workerModule }: HeavyWorkOptions,
  logger: Pick<Logger, 'warn' | 'info'>,
): Lane {
  const pool = createThreadPool<HeavyRequest, HeavyAnswer>({
    filename: workerModule ?? new URL('./heavyWorker.mjs', import.meta.url),
    threads,
    idleMs: IDLE_THREAD_MS,
    queueLimit: QUEUE_LIMIT,
    niceIncrement: NICE_INCREMENT,
    heapMb,
    firstPauseMs: restartPause?.firstMs,
    maxPauseMs: restartPause?.maxMs,
    logger,
  });
  return { pool, threads, running: 0, waiting: new Map(), waitingCount: 0 };
}

/** Starts the next account's task while the lane has a free thread. */
function startNext(lane: Lane): void {
  while (lane.running < lane.threads && lane.waitingCount > 0) {
    const [userId, queue] = lane.waiting.entries().next().value!;
    const next = queue.shift()!;
    lane.waiting.delete(userId);
    if (queue.length > 0) lane.waiting.set(userId, queue);
    lane.waitingCount--;
    next.start();
  }
}

/** Resolves when the task may start (a thread is free and it is the account's turn); refuses with `busy` past `maxWaitMs`. */
function turnIn(lane: Lane, userId: number, maxWaitMs: number): Promise<void> {
  if (lane.running < lane.threads && lane.waitingCount === 0) {
    lane.running++;
    return Promise.resolve();
  }
  if (lane.waitingCount >= QUEUE_LIMIT) return Promise.reject(new AppError('unavailable', m.busy, RETRY_AFTER_SECONDS));
  return new Promise((resolve, reject) => {
    const queue = lane.waiting.get(userId) ?? [];
    const gaveUp = setTimeout(() => {
      const at = queue.indexOf(entry);
      if (at < 0) return;
      queue.splice(at, 1);
      if (queue.length === 0) lane.waiting.delete(userId);
      lane.waitingCount--;
      entry.refuse(new AppError('unavailable', m.busy, RETRY_AFTER_SECONDS));
    }, maxWaitMs);
    gaveUp.unref();
    const entry: Waiting = {
      start: () => {
        clearTimeout(gaveUp);
        lane.running++;
        resolve();
      },
      refuse: reject,
    };
    queue.push(entry);
    lane.waiting.set(userId, queue);
    lane.waitingCount++;
  });
}

export function createHeavyWork(options: HeavyWorkOptions, logger: Pick<Logger, 'warn' | 'info'>): HeavyWork {
  const { threads, budgetMs } = options;
  const large = createLane(threads, THREAD_HEAP_MB, options, logger);
  const small = createLane(SMALL_LANE_THREADS, SMALL_THREAD_HEAP_MB, options, logger);
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

  const runFor =
    (userId: number): RunHeavyTask =>
    async (name, input, transfer) => {
      const lane = isSmall(name, input) ? small : large;
      const asked = performance.now();
      // Three quarters of the budget to wait for a turn (a busy machine's queue moves slowly); the rest is the task's own.
      await turnIn(lane, userId, WAIT_SHARE * budgetMs);
      const runMs = Math.max(1, Math.round(budgetMs - (performance.now() - asked)));
      const signal = AbortSignal.timeout(runMs + THREAD_START_MS);
      try {
        const answer = await lane.pool.run({ name, input }, { signal, runMs, transferList: transfer });
        if ('refusal' in answer) throw new AppError(answer.refusal.code, answer.refusal.message);
        return answer.value as HeavyOutput<typeof name>;
      } catch (error) {
        if (error instanceof ThreadDied) {
          // Asked again, a task that ran out of memory would only do it again; one whose thread crashed may pass.
          if (error.outOfMemory) throw new AppError('unavailable', m.outOfMemory(TASK_NAMES[name]));
          throw new AppError('unavailable', m.threadDied(TASK_NAMES[name]), RETRY_AFTER_SECONDS);
        }
        if (error instanceof TaskAborted) {
          if (error.started) throw new AppError('unavailable', m.tooSlow(TASK_NAMES[name], budgetMs / 1000));
          // No thread took it in time: they were being replaced after a death, or could not start on this machine.
          throw new AppError('unavailable', lane.pool.restarting ? m.restarting : m.busy, RETRY_AFTER_SECONDS);
        }
        throw error;
      } finally {
        lane.running--;
        startNext(lane);
      }
    };

  const forUser: HeavyWork['forUser'] = async (userId, job) => {
    const mine = running.get(userId) ?? 0;
    if (mine >= HEAVY_TASKS_PER_USER) return refuseBusyUser();
    running.set(userId, mine + 1);
    try {
      return await job(runFor(userId));
    } finally {
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    }
  };

  return {
    forUser,
    run: (userId, name, input, transfer) => forUser(userId, (run) => run(name, input, transfer)),
    close: async () => {
      for (const lane of [large, small]) {
        for (const queue of lane.waiting.values()) for (const waiting of queue) waiting.refuse(new AppError('unavailable', m.busy, RETRY_AFTER_SECONDS));
        lane.waiting.clear();
        lane.waitingCount = 0;
      }
      await Promise.all([large.pool.destroy(), small.pool.destroy()]);
    },
  };
}
