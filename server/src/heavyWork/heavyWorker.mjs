// A worker thread of the heavy-work pool. Threads start as plain Node, without the loader the server runs under
// (tsx, or vitest's), so tsx is registered here before the TypeScript tasks load.
import { register } from 'tsx/esm/api';

register();
const { default: runHeavyTask } = await import('./heavyTasks.ts');

export default runHeavyTask;
