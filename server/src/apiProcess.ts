/**
 * Runs the API server as its own process (server/src/main.ts), for the tests and benches that run several of them
 * over one database, as a deployment behind a load balancer does (docs/deploy.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

export interface ApiProcess {
  child: ChildProcess;
  /** http:// URL it listens on. */
  url: string;
  /** SIGTERM: it finishes its requests, then exits. */
  stop: () => Promise<void>;
}

/** `env` is the process's environment (DATABASE_URL, PORT, COLLAB_URLS, …) on top of this one's. */
export function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const child = fork(MAIN, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`API server exited during start (code ${code})`));
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
