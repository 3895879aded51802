/**
 * A CPU hog for runs that must show an answer does not depend on the machine's load: a child process that spins
 * on a core until stopped. A child, not a worker thread, so the caller's process.cpuUsage() does not count it.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface CpuHog {
  /** Stops the hog and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `count` spinning child processes; resolves once each is running. */
export async function startCpuHog(count = 1): Promise<CpuHog> {
  const children: ChildProcess[] = [];
  for (let k = 0; k < count; k++) {
    const child = spawn(process.execPath, ['-e', 'process.stdout.write("spinning\\n"); for (;;) {}'], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.stdout!.once('data', () => resolve());
    });
  }
  return {
    stop: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      ).then(() => undefined),
  };
}
