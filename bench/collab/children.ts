/** bench:collab's child processes: servers and client hosts forked with an IPC call/answer channel, and their profiles. */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLLAB_NODE_FLAGS } from '@caravan/collab-server';
import type { Protocol } from './client.ts';
import { clockBase, PROFILE } from './options.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Child {
  process: ChildProcess;
  ready: Record<string, unknown>;
  call: <T>(message: Record<string, unknown>, timeoutMs?: number) => Promise<T>;
}

export type Server = Child & { url: string };
export type StartServer = (protocol: Protocol, label: string, env?: NodeJS.ProcessEnv) => Promise<Server>;

export function forkChild(script: string, options: { env?: NodeJS.ProcessEnv; execArgv?: string[]; quiet?: boolean } = {}): Promise<Child> {
  const child = fork(path.join(HERE, script), [], {
    env: { ...process.env, ...options.env },
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) entry?.reject(new Error(message.error));
    else entry?.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`${script} exited (${code})`));
    waiting.clear();
  });
  const call = <T>(message: Record<string, unknown>, timeoutMs = 300_000) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${script}: ${String(message.cmd)} timed out`)), timeoutMs);
      waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as T)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      child.send({ ...message, id });
    });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited during start (${code})`));
    child.once('exit', onExit);
    child.on('message', (message: { ready?: Record<string, unknown> | true }) => {
      if (!message.ready) return;
      child.off('exit', onExit);
      resolve({ process: child, ready: message.ready === true ? {} : message.ready, call });
    });
  });
}

export async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  await child.call({ cmd: 'stop' }, 20_000).catch(() => {});
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

let profileRoot: string | null = null;
/** --profile: a folder per profiled process under one temp dir (null without --profile, or before the first profile). */
export const profileDir = () => profileRoot;
function profileFolder(name: string): string {
  profileRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-prof-'));
  return path.join(profileRoot, name);
}

/** Node flags for a client host process: a CPU profile of it with --profile. */
export const clientExecArgv = (protocol: Protocol) => (PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileFolder(`clients-${protocol}`)}`] : []);

/** Starts servers in their own processes: Caravan's on the bench's database, the peer with nothing to store. */
export function serverStarter(databaseUrl: string): StartServer {
  return async (protocol, label, env = {}) => {
    // Caravan's server runs with the flags `npm start` gives it; the peer with Node's defaults.
    const execArgv = ['--expose-gc', ...(protocol === 'caravan' ? COLLAB_NODE_FLAGS : [])];
    if (PROFILE && protocol === 'caravan') {
      // One directory per run: Node writes a profile per thread (the main thread's is CPU.*.<pid>.0.*).
      execArgv.push('--cpu-prof', `--cpu-prof-dir=${profileFolder(label.replace(/[^a-z0-9]+/gi, '-'))}`);
    }
    const child =
      protocol === 'caravan'
        ? await forkChild('caravanServer.ts', {
            env: {
              DATABASE_URL: databaseUrl,
              // Warnings too: a persist over 100 ms is logged with its steps (engine/src/tripDocs/persistTimer.ts).
              LOG_LEVEL: 'warn',
              BENCH_CARAVAN_PERSIST: process.env.BENCH_CARAVAN_PERSIST ?? 'on',
              BENCH_CLOCK_BASE: clockBase.toString(),
              ...env,
            },
            execArgv,
          })
        : await forkChild('hocuspocusServer.ts', { env: { BENCH_CLOCK_BASE: clockBase.toString() }, execArgv, quiet: true });
    return { ...child, url: String(child.ready.url) };
  };
}
