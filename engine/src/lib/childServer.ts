/**
 * Starts a server's main module as a child process and waits for it to report `{ ready: url }` over IPC: how
 * `npm start`, the tests and the benches run the API and collab servers as processes of their own. A child that
 * cannot start says why (`{ failed: message }`, see `reportStartFailure`) before it exits, so the parent can tell
 * "PostgreSQL refused the connection" from "exited with code 1".
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from './logger.ts';

export interface ChildServer {
  child: ChildProcess;
  /** The URL it listens on, as it reported it. */
  url: string;
  /** SIGTERM: it finishes what it has in hand, then exits. */
  stop: () => Promise<void>;
}

export interface StartChildOptions {
  nodeFlags?: readonly string[];
  /** Aborted while it starts: the child is ended and the start rejects once it has exited. */
  signal?: AbortSignal;
  /** Called with the child as soon as it is forked, before it is ready (a supervisor keeps it to end it). */
  onSpawn?: (child: ChildProcess) => void;
}

/** A child still starting gets this long to exit after SIGTERM before it is killed. */
const START_ABORT_GRACE_MS = 5000;

/** `env` goes on top of this process's environment; `name` says which server failed to start. */
export function startChildServer(main: string, env: NodeJS.ProcessEnv, name: string, options: StartChildOptions = {}): Promise<ChildServer> {
  if (options.signal?.aborted) return Promise.reject(new Error(`${name} start was cancelled`));
  const child = fork(main, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...(options.nodeFlags ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  options.onSpawn?.(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return new Promise((resolve, reject) => {
    let reason = '';
    let cancelled = false;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (cancelled) return reject(new Error(`${name} start was cancelled`));
      const how = signal ? `killed by ${signal}` : `code ${code}`;
      reject(new Error(`${name} exited during start (${how})${reason ? `: ${reason}` : ''}`));
    };
    const onAbort = () => {
      cancelled = true;
      if (!running()) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => running() && child.kill('SIGKILL'), START_ABORT_GRACE_MS);
      void exited.then(() => clearTimeout(kill));
    };
    child.once('exit', onExit);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (message: { ready?: string; failed?: string }) => {
      if (typeof message?.failed === 'string') reason = message.failed;
      if (!message?.ready) return;
      child.off('exit', onExit);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        child,
        url: message.ready,
        stop: async () => {
          if (running()) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/**
 * For a child's main module: its start failed. Logs the error, tells the parent why (startChildServer puts it in
 * its rejection, a supervisor in its log line) and exits with code 1.
 */
export function reportStartFailure(error: unknown, logger: Pick<Logger, 'error'>): Promise<never> {
  logger.error({ err: error }, 'could not start');
  if (process.send && process.connected) process.send({ failed: describeError(error) }, () => process.exit(1));
  else process.exit(1);
  // Never settles: nothing after the failed start runs while the message goes out.
  return new Promise<never>(() => {});
}

/** An error's message, with its code when the message lacks it (ECONNREFUSED and the like). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message = error.message || error.name;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

export interface SuperviseOptions {
  /** The pause before the first restart after a crash; each failed start (or short run) doubles it. */
  firstPauseMs?: number;
  /** The longest pause between two attempts. */
  maxPauseMs?: number;
  /** A process that ran this long was healthy: the pause starts from `firstPauseMs` again when it next dies. */
  healthyAfterMs?: number;
  /** Where each crash, attempt, failure and return is told; stderr by default. */
  log?: (line: string) => void;
}

export const SUPERVISE_DEFAULTS = { firstPauseMs: 500, maxPauseMs: 30_000, healthyAfterMs: 60_000 } as const;

export interface SupervisedServer {
  /** The URL the first start reported (restarts use the same environment, so the same port). */
  url: string;
  /** The process running now, or being started; null while waiting for the next attempt (or once stopped). */
  readonly child: ChildProcess | null;
  /** Whether a process is up (started and not exited) right now. */
  readonly up: boolean;
  /** Start attempts so far, the first one included. */
  readonly starts: number;
  /** Ends supervision and the process, whether it runs, is starting or is waited for: none is left behind. */
  stop: () => Promise<void>;
}

/**
 * Keeps a child server running: the first start must succeed (its error is thrown); after that, whenever the
 * process dies it is started again, forever, after a pause that doubles with each failed start up to
 * `maxPauseMs` and starts over once a process stayed up `healthyAfterMs`. Each step is logged.
 */
export async function superviseChildServer(
  start: (options: StartChildOptions) => Promise<ChildServer>,
  name: string,
  options: SuperviseOptions = {},
): Promise<SupervisedServer> {
  const firstPauseMs = options.firstPauseMs ?? SUPERVISE_DEFAULTS.firstPauseMs;
  const maxPauseMs = options.maxPauseMs ?? SUPERVISE_DEFAULTS.maxPauseMs;
  const healthyAfterMs = options.healthyAfterMs ?? SUPERVISE_DEFAULTS.healthyAfterMs;
  const log = options.log ?? ((line: string) => console.error(line));
  const stopping = new AbortController();
  let starting: ChildProcess | null = null;
  let current: ChildServer | null = null;
  let upSince = 0;
  let pauseMs = firstPauseMs;
  let starts = 0;
  let restarting: Promise<void> | null = null;

  const launch = async (): Promise<ChildServer> => {
    starts++;
    try {
      return await start({ signal: stopping.signal, onSpawn: (child) => (starting = child) });
    } finally {
      starting = null;
    }
  };

  const watch = (running: ChildServer) => {
    current = running;
    upSince = Date.now();
    running.child.once('exit', (code, signal) => {
      current = null;
      if (stopping.signal.aborted) return;
      const ranMs = Date.now() - upSince;
      if (ranMs >= healthyAfterMs) pauseMs = firstPauseMs;
      const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
      log(`${name} stopped (${how}) after ${seconds(ranMs)}; starting it again in ${seconds(pauseMs)}.`);
      restarting = restartLoop();
    });
  };

  const restartLoop = async (): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      if (!(await pause(pauseMs, stopping.signal))) return;
      pauseMs = Math.min(pauseMs * 2, maxPauseMs);
      let running: ChildServer;
      try {
        running = await launch();
      } catch (error) {
        if (stopping.signal.aborted) return;
        log(`${name} could not start (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}; trying again in ${seconds(pauseMs)}.`);
        continue;
      }
      if (stopping.signal.aborted) return running.stop();
      if (running.url !== url) log(`${name} came back at ${running.url}, not ${url}: it is reached at ${url} only.`);
      log(`${name} is running again (attempt ${attempt}).`);
      watch(running);
      return;
    }
  };

  const first = await launch();
  const url = first.url;
  watch(first);
  return {
    url,
    get child() {
      return starting ?? current?.child ?? null;
    },
    get up() {
      return current !== null;
    },
    get starts() {
      return starts;
    },
    stop: async () => {
      stopping.abort();
      await restarting;
      await current?.stop();
    },
  };
}

/** Waits `ms`; false when `signal` aborted first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A duration for the log: 0.5 s, 12 s, 7 min, 3 h. */
function seconds(ms: number): string {
  if (ms < 10_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 2 * 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
