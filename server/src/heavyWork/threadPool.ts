/**
 * The threads of the heavy-work pool (heavyWork.ts), supervised. Up to `threads` worker threads, each running one
 * task at a time, started when work waits and ended after `idleMs` without any; tasks wait in a bounded queue, first
 * come first served. A task whose signal aborts is taken out of the queue, or its thread is ended; so is one that runs
 * past its `runMs`.
 *
 * A thread that dies on its own (out of memory, a crash, a failed start) is replaced: the task it was running is
 * answered at once with `ThreadDied` (it is not run again: it may be what killed the thread), the queued tasks stay
 * queued and go to the other threads or to the replacement. Replacements wait a pause that doubles with each death
 * (0.5 s up to 30 s) and starts over once a thread answers a task or stays up a minute, so a thread that cannot
 * start is not restarted in a tight loop; each death is logged with its cause.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '@caravan/engine';

export interface ThreadPoolOptions {
  /** A module whose default export answers one request (maybe asynchronously), loaded by each thread. */
  filename: URL;
  threads: number;
  /** Tasks that may wait for a thread; `run` refuses more. */
  queueLimit: number;
  /** A thread idle this long ends. */
  idleMs: number;
  /** Added to each thread's nice value: below the request loop when both want a core. */
  niceIncrement: number;
  /** A thread past this heap is ended (its task answered `ThreadDied`), rather than the process running out. */
  heapMb: number;
  /** The pause before a dead thread's replacement: doubles per death, back to `firstPauseMs` once one is healthy. */
  firstPauseMs?: number;
  maxPauseMs?: number;
  healthyAfterMs?: number;
  logger: Pick<Logger, 'warn' | 'info'>;
}

/** The thread running the task died under it (the cause says how: out of memory, a crash). */
export class ThreadDied extends Error {
  readonly outOfMemory: boolean;
  constructor(readonly reason: Error) {
    super(`the worker thread died: ${reason.message}`);
    this.outOfMemory = (reason as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  }
}

/** The task's signal aborted (its budget ran out) before it was answered. */
export class TaskAborted extends Error {
  constructor(readonly started: boolean) {
    super(started ? 'the task was stopped' : 'the task was dropped from the queue');
  }
}

export interface ThreadPool<Request, Answer> {
  /**
   * Runs `request` on a thread. `signal` bounds the whole call, waiting for a thread included; `runMs` the task's own
   * run, counted from when a thread takes it (a thread's first start, seconds on a busy machine, is not the task's).
   */
  run(request: Request, options?: { signal?: AbortSignal; runMs?: number; transferList?: ArrayBuffer[] }): Promise<Answer>;
  /** Tasks waiting for a thread. */
  readonly queueSize: number;
  /** A thread died and its replacement has not answered a task yet. */
  readonly restarting: boolean;
  /** Ends every thread; running and queued tasks are refused. */
  destroy(): Promise<void>;
}

interface Job {
  request: unknown;
  transferList: ArrayBuffer[];
  signal?: AbortSignal;
  runMs?: number;
  runTimer?: ReturnType<typeof setTimeout>;
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
  onAbort?: () => void;
}

/** The job no longer waits on its signal or its run timer (answered, failed or stopped). */
function settle(job: Job): void {
  job.signal?.removeEventListener('abort', job.onAbort!);
  if (job.runTimer) clearTimeout(job.runTimer);
}

interface Thread {
  worker: Worker;
  ready: boolean;
  readyAt: number;
  job: Job | null;
  /** Ended by the pool (idle, a task's budget, destroy): its exit is not a death. */
  ending: boolean;
  lastError: Error | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

const THREAD_MAIN = new URL('./threadMain.mjs', import.meta.url);
/**
 * A task makes megabytes of short-lived objects (a decoded document, a file's text): a young generation this size
 * collects them in fewer scavenges, which run on the process's collector threads at the request loop's priority.
 */
const YOUNG_GENERATION_MB = 96;

export function createThreadPool<Request, Answer>(options: ThreadPoolOptions): ThreadPool<Request, Answer> {
  const firstPauseMs = options.firstPauseMs ?? 500;
  const maxPauseMs = options.maxPauseMs ?? 30_000;
  const healthyAfterMs = options.healthyAfterMs ?? 60_000;
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let pauseMs = firstPauseMs;
  let pausedUntil = 0;
  let pauseTimer: ReturnType<typeof setTimeout> | null = null;
  let restarting = false;
  let destroyed = false;

  const healthy = () => {
    pauseMs = firstPauseMs;
    if (restarting) options.logger.info('heavy-work threads are healthy again');
    restarting = false;
  };

  function spawn(): void {
    const worker = new Worker(THREAD_MAIN, {
      workerData: { filename: options.filename.href, niceIncrement: options.niceIncrement },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // Waiting requests keep the process alive, not the threads: a stopping server is not held by an idle one.
    worker.unref();
    const thread: Thread = { worker, ready: false, readyAt: 0, job: null, ending: false, lastError: null, idleTimer: null };
    threads.add(thread);
    worker.on('message', (message: { ready?: true; value?: unknown; error?: { message: string; stack?: string } }) => {
      if (message.ready) {
        thread.ready = true;
        thread.readyAt = Date.now();
        return pump();
      }
      const job = thread.job;
      thread.job = null;
      if (!job) return;
      settle(job);
      healthy();
      if (message.error) job.reject(Object.assign(new Error(message.error.message), { stack: message.error.stack }));
      else job.resolve(message.value);
      pump();
    });
    worker.on('error', (error) => (thread.lastError = error));
    worker.on('exit', (code) => onExit(thread, code));
  }

  function onExit(thread: Thread, code: number): void {
    threads.delete(thread);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    const job = thread.job;
    thread.job = null;
    if (thread.ending || destroyed) return pump();
    const reason = thread.lastError ?? new Error(`exited with code ${code}`);
    if (job) {
      settle(job);
      job.reject(new ThreadDied(reason));
    }
    if (thread.ready && Date.now() - thread.readyAt >= healthyAfterMs) pauseMs = firstPauseMs;
    const when = !thread.ready ? 'while starting' : job ? 'while running a task' : 'while idle';
    options.logger.warn(
      { err: reason, queued: queue.length, pauseMs },
      `a heavy-work thread died ${when}; a replacement starts in ${pauseMs / 1000} s (when work waits)`,
    );
    restarting = true;
    pausedUntil = Date.now() + pauseMs;
    pauseMs = Math.min(pauseMs * 2, maxPauseMs);
    pump();
  }

  function idle(thread: Thread): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      thread.idleTimer = null;
      if (thread.job || thread.ending) return;
      thread.ending = true;
      void thread.worker.terminate();
    }, options.idleMs);
    thread.idleTimer.unref();
  }

  function assign(thread: Thread, job: Job): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    try {
      thread.worker.postMessage(job.request, job.transferList);
    } catch (error) {
      // Not something a thread can receive (a value that cannot be cloned): this task's fault, not the thread's.
      thread.job = null;
      settle(job);
      return job.reject(error as Error);
    }
    if (job.runMs !== undefined) job.runTimer = setTimeout(job.onAbort!, job.runMs);
  }

  /** Gives waiting tasks to idle threads, and starts threads for the rest (unless replacements must wait). */
  function pump(): void {
    if (destroyed) return;
    for (const thread of threads) {
      if (thread.ready && !thread.job && !thread.ending && queue.length) assign(thread, queue.shift()!);
    }
    for (const thread of threads) if (thread.ready && !thread.job && !thread.ending && !thread.idleTimer) idle(thread);
    const starting = [...threads].filter((thread) => !thread.ready).length;
    let wanted = Math.min(queue.length - starting, options.threads - threads.size);
    if (wanted <= 0) return;
    const waitMs = pausedUntil - Date.now();
    if (waitMs > 0) {
      pauseTimer ??= setTimeout(() => {
        pauseTimer = null;
        pump();
      }, waitMs);
      return;
    }
    while (wanted-- > 0) spawn();
  }

  return {
    run(request, { signal, runMs, transferList = [] } = {}) {
      return new Promise<Answer>((resolve, reject) => {
        if (destroyed) return reject(new Error('the worker pool is closed'));
        if (signal?.aborted) return reject(new TaskAborted(false));
        if (queue.length >= options.queueLimit) return reject(new Error('the worker pool queue is full'));
        const job: Job = { request, transferList, signal, runMs, resolve: resolve as (answer: unknown) => void, reject };
        job.onAbort = () => {
          settle(job);
          const queued = queue.indexOf(job);
          if (queued >= 0) {
            queue.splice(queued, 1);
            return reject(new TaskAborted(false));
          }
          for (const thread of threads) {
            if (thread.job !== job) continue;
            // Running: its thread is ended (the only way to stop it); a replacement starts without a pause.
            thread.job = null;
            thread.ending = true;
            void thread.worker.terminate();
          }
          reject(new TaskAborted(true));
        };
        signal?.addEventListener('abort', job.onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    get queueSize() {
      return queue.length;
    },
    get restarting() {
      return restarting;
    },
    async destroy() {
      destroyed = true;
      if (pauseTimer) clearTimeout(pauseTimer);
      for (const job of queue.splice(0)) job.reject(new Error('the worker pool is closed'));
      const exits = [...threads].map((thread) => {
        thread.ending = true;
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        if (thread.job) settle(thread.job);
        thread.job?.reject(new Error('the worker pool is closed'));
        thread.job = null;
        return thread.worker.terminate();
      });
      await Promise.allSettled(exits);
    },
  };
}
