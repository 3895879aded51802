/**
 * An attacker's request loops, in a child process of its own at the lowest CPU priority: a real attacker sends from
 * its own machine. In the bench's own process, reading megabytes of answers (990-stop exports) delayed its timing of
 * the victim's calls by its own parsing and garbage collection, which the table then counted as the server's.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoopRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface RequestLoops {
  /** Stops the loops once their calls in flight are answered: the answers' statuses and counts ("200 × 12, 429 × 30"). */
  stop: () => Promise<string>;
}

/** `request` once, from this process (a warm-up, or a call whose answer is timed). */
export const sendOnce = ({ url, ...init }: LoopRequest) => fetch(url, init);

/** Each of `loops` sends its requests in turn, round and round, the next as soon as the last is answered. */
export function startRequestLoops(loops: LoopRequest[][]): RequestLoops {
  const child = fork(fileURLToPath(import.meta.url), ['loops']);
  // Over IPC, not the environment: a KMZ bomb's body is larger than an environment may be.
  child.send({ loops });
  const summary = new Promise<string>((resolve) => child.once('message', (message: string) => resolve(message)));
  return {
    stop: async () => {
      child.send('stop');
      return summary;
    },
  };
}

/**
 * Every thread of this process at the lowest priority: Linux gives each thread its own nice value, and the garbage
 * collector's helper threads, started with the process, would otherwise read the megabytes of answers at the
 * server's priority.
 */
function lowestPriority(): void {
  for (const thread of fs.readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(thread), 19);
    } catch {
      // Not allowed here: the attacker runs at the bench's priority.
    }
  }
}

function runLoops(loops: LoopRequest[][]): void {
  lowestPriority();
  let stopping = false;
  const statuses = new Map<string, number>();
  const loop = async (requests: LoopRequest[]) => {
    for (let turn = 0; !stopping; turn++) {
      const status = await sendOnce(requests[turn % requests.length])
        .then(async (response) => (await response.arrayBuffer(), String(response.status)))
        .catch(() => 'failed');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const running = loops.map(loop);
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    stopping = true;
    await Promise.all(running);
    process.send!([...statuses].map(([status, count]) => `${status} × ${count}`).join(', '));
    process.disconnect();
  });
  // A parent that died must not leave the attack running.
  process.once('disconnect', () => process.exit(0));
}

if (process.argv[2] === 'loops') process.once('message', ({ loops }: { loops: LoopRequest[][] }) => runLoops(loops));
