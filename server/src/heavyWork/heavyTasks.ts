/**
 * What the worker pool's threads run (see heavyWork.ts): each task takes plain data and answers plain data, since
 * only that crosses between threads. A refusal (AppError) comes back as data, with its code and message, so the
 * request answers it as if it had been thrown on its own thread.
 */
import { AppError, corridorPlacementTask, corridorRouteTask, type ErrorCode, planDaysTask, proposeRouteTask } from '@caravan/engine/tasks';

/**
 * Each task, or the loader of its module: a thread starts with the engine's pure parts (@caravan/engine/tasks) and
 * loads a server module the first time it runs one of its tasks, so the first answer of a weather or a history call
 * does not wait for the PDF and import readers to load.
 */
const taskLoaders = {
  readImport: async () => (await import('../imports/importReader.ts')).readImport,
  proposeRoute: async () => proposeRouteTask,
  planDays: async () => planDaysTask,
  autoSchedule: async () => (await import('../commands/autoScheduleTask.ts')).autoScheduleTask,
  buildExport: async () => (await import('../exports/exportJob.ts')).buildExport,
  stopDays: async () => (await import('../exports/stopDaysTask.ts')).stopDaysTask,
  readVersion: async () => (await import('../history/historyTasks.ts')).readVersionTask,
  versionState: async () => (await import('../history/historyTasks.ts')).versionStateTask,
  diffVersions: async () => (await import('../history/historyTasks.ts')).diffTask,
  corridorRoute: async () => corridorRouteTask,
  corridorPlacement: async () => corridorPlacementTask,
  offlineMapPlan: async () => (await import('../queries/offlineMap/offlineMapPlanTask.ts')).offlineMapPlanTask,
};

export type HeavyTasks = { [N in keyof typeof taskLoaders]: Awaited<ReturnType<(typeof taskLoaders)[N]>> };

/** Each task once loaded: an `import()` goes through the loader's hooks on every call, a map lookup does not. */
const loadedTasks = new Map<HeavyTaskName, Promise<(input: unknown) => unknown>>();

function taskNamed(name: HeavyTaskName): Promise<(input: unknown) => unknown> {
  let task = loadedTasks.get(name);
  if (!task) loadedTasks.set(name, (task = taskLoaders[name]() as Promise<(input: unknown) => unknown>));
  return task;
}

export type HeavyTaskName = keyof HeavyTasks;
export type HeavyInput<N extends HeavyTaskName> = Parameters<HeavyTasks[N]>[0];
export type HeavyOutput<N extends HeavyTaskName> = Awaited<ReturnType<HeavyTasks[N]>>;

export interface HeavyRequest {
  name: HeavyTaskName;
  input: unknown;
}

export type HeavyAnswer = { value: unknown } | { refusal: { code: ErrorCode; message: string } };

export default async function runHeavyTask({ name, input }: HeavyRequest): Promise<HeavyAnswer> {
  try {
    const task = await taskNamed(name);
    return { value: await task(input) };
  } catch (error) {
    if (error instanceof AppError) return { refusal: { code: error.code, message: error.message } };
    throw error;
  }
}
