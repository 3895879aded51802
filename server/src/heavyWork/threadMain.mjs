// A thread of the heavy-work pool (threadPool.ts): lowers its own priority, loads the task module it was given and
// answers one request at a time, `{ value }` or `{ error }`; `{ ready: true }` once it can take requests.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { filename, niceIncrement } = workerData;
if (niceIncrement) {
  try {
    // On Linux the nice value is per thread, and "this process" (priority 0) is the calling thread.
    os.setPriority(Math.min(19, os.getPriority() + niceIncrement));
  } catch {
    // Not allowed here: the thread runs at the request loop's priority.
  }
}
const { default: run } = await import(filename);

parentPort.on('message', async (request) => {
  try {
    parentPort.postMessage({ value: await run(request) });
  } catch (error) {
    parentPort.postMessage({ error: { message: error instanceof Error ? error.message : String(error), stack: error?.stack } });
  }
});
parentPort.postMessage({ ready: true });
