/**
 * Starts a server's main module as a child process and waits for it to report `{ ready: url }` over IPC: how
 * `npm start`, the tests and the benches run the API and collab servers as processes of their own.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  child: ChildProcess;
  /** The URL it listens on, as it reported it. */
  url: string;
  /** SIGTERM: it finishes what it has in hand, then exits. */
  stop: () => Promise<void>;
}

/** `env` goes on top of this process's environment; `name` says which server failed to start. */
export function startChildServer(main: string, env: NodeJS.ProcessEnv, name: string, nodeFlags: readonly string[] = []): Promise<ChildServer> {
  const child = fork(main, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} exited during start (code ${code})`));
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
