/**
 * Runs the API server as its own process (server/src/main.ts), for the tests and benches that run several of them
 * over one database, as a deployment behind a load balancer does (docs/deploy.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from '@caravan/engine';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** The API server's process; `stop` lets it finish its requests. */
export type ApiProcess = ChildServer;

/** `env` is the process's environment (DATABASE_URL, PORT, COLLAB_URLS, …) on top of this one's. */
export function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  return startChildServer(MAIN, env, 'The API server');
}
