/**
 * Runs the collab server as its own process (docs/architecture.md#processes): `npm start` supervises it and
 * starts it again whenever it dies; the durability tests kill it with SIGKILL and start it again.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startChildServer,
  superviseChildServer,
  type ChildServer,
  type StartChildOptions,
  type SupervisedServer,
  type SuperviseOptions,
} from '@caravan/engine';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/**
 * Node flags of the collab server process. Semi-spaces of 32 MB instead of V8's 16: loading a trip after
 * 10,000 moves allocates ~13 MB, and with 16 MB the scavenges in the middle of it copy and promote the half-built
 * document, which nearly doubles the time to build it. The young generation may grow by 48 MB at most.
 * No memory reducer: on a steady load V8's reducer started full collections the heap did not need (its GC share
 * 0.4–0.5 % of the time against the peer's 0.1 %, pauses up to 52 ms against 7–11 ms without it; bench:collab).
 * Neither flag is allowed in NODE_OPTIONS: a deployment puts them on the command line (docker-compose.yml).
 */
export const COLLAB_NODE_FLAGS = ['--max-semi-space-size=32', '--no-memory-reducer'];

/** The collab server's process; `stop` lets it flush every pending write. */
export type CollabProcess = ChildServer;

/** `options.signal` ends it while it starts (a supervisor being stopped); `onSpawn` sees it before it is ready. */
export function startCollabProcess(env: NodeJS.ProcessEnv, options: Omit<StartChildOptions, 'nodeFlags'> = {}): Promise<CollabProcess> {
  return startChildServer(MAIN, env, 'The collab server', { ...options, nodeFlags: COLLAB_NODE_FLAGS });
}

/**
 * Keeps a collab server running, as `npm start` does: one that crashed, was killed or could not start (PostgreSQL
 * unreachable, killed while starting) is started again, forever, after a pause of 0.5 s doubling to 30 s and back to
 * 0.5 s once one stayed up a minute (`options` changes these for tests); each step is logged. While none is up the
 * main server answers live-editing upgrades 503 with Retry-After (server/src/collab/collabProxy.ts).
 */
export function superviseCollabProcess(env: NodeJS.ProcessEnv, options: SuperviseOptions = {}): Promise<SupervisedServer> {
  return superviseChildServer((startOptions) => startCollabProcess(env, startOptions), 'Live editing (the collab server)', options);
}
