/**
 * Runs the collab server as its own process (docs/architecture.md#processes): `npm start` supervises it and
 * restarts it when it dies; the durability tests kill it with SIGKILL and start it again.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/**
 * Node flags of the collab server process. Semi-spaces of 32 MB instead of V8's 16: loading a trip after
 * 10,000 moves allocates ~13 MB, and with 16 MB the scavenges in the middle of it copy and promote the half-built
 * document, which nearly doubles the time to build it. The young generation may grow by 48 MB at most.
 */
export const COLLAB_NODE_FLAGS = ['--max-semi-space-size=32'];

export interface CollabProcess {
  child: ChildProcess;
  /** ws:// URL it listens on. */
  url: string;
  /** SIGTERM: it flushes every pending write, then exits. */
  stop: () => Promise<void>;
}

export function startCollabProcess(env: NodeJS.ProcessEnv): Promise<CollabProcess> {
  const child = fork(MAIN, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...COLLAB_NODE_FLAGS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`collab server exited during start (code ${code})`));
    child.once('exit', onExit);
    child.on('message', (message: { ready?: string }) => {
      if (!message.ready) return;
      child.off('exit', onExit);
      resolve({
        child,
        url: message.ready,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/** Keeps a collab server running: one that crashed or was killed is started again after a short pause. */
export async function superviseCollabProcess(
  env: NodeJS.ProcessEnv,
  onRestart: (error?: unknown) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  let current = await startCollabProcess(env);
  let stopping = false;
  const watch = (running: CollabProcess) =>
    running.child.once('exit', (code) => {
      // A clean exit is a shutdown (Ctrl-C reaches the whole process group), not a crash.
      if (stopping || code === 0) return;
      setTimeout(async () => {
        try {
          current = await startCollabProcess(env);
          watch(current);
          onRestart();
        } catch (error) {
          onRestart(error);
        }
      }, 500);
    });
  watch(current);
  return {
    url: current.url,
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}
