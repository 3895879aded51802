/**
 * Runs the collab server as its own process (docs/architecture.md#processes): `npm start` supervises it and
 * restarts it when it dies; the durability tests kill it with SIGKILL and start it again.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from '@caravan/engine';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/**
 * Node flags of the collab server process. Semi-spaces of 32 MB instead of V8's 16: loading a trip after
 * 10,000 moves allocates ~13 MB, and with 16 MB the scavenges in the middle of it copy and promote the half-built
 * document, which nearly doubles the time to build it. The young generation may grow by 48 MB at most.
 */
export const COLLAB_NODE_FLAGS = ['--max-semi-space-size=32'];

/** The collab server's process; `stop` lets it flush every pending write. */
export type CollabProcess = ChildServer;

export function startCollabProcess(env: NodeJS.ProcessEnv): Promise<CollabProcess> {
  return startChildServer(MAIN, env, 'collab server', COLLAB_NODE_FLAGS);
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
