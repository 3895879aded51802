/**
 * What the worker pool's threads run (see heavyWork.ts): each task takes plain data and answers plain data, since
 * only that crosses between threads. A refusal (AppError) comes back as data, with its code and message, so the
 * request answers it as if it had been thrown on its own thread.
 */
import type { autoScheduleTask } from '../commands/autoScheduleTask.ts';
import type { buildExport } from '../exports/exportJob.ts';
import type { stopDaysTask } from '../exports/stopDaysTask.ts';
import type { diffTask, readVersionTask, versionStateTask } from '../history/historyTasks.ts';
import type { readImport } from '../imports/importReader.ts';
import type { offlineMapPlanTask } from '../queries/offlineMap/offlineMapPlanTask.ts';
import { AppError, type corridorPlacementTask, type corridorRouteTask, type ErrorCode, type planDaysTask, type proposeRouteTask } from '@caravan/engine/tasks';

export interface HeavyTasks {
  readImport: typeof readImport;
  proposeRoute: typeof proposeRouteTask;
  planDays: typeof planDaysTask;
  autoSchedule: typeof autoScheduleTask;
  buildExport: typeof buildExport;
  stopDays: typeof stopDaysTask;
  readVersion: typeof readVersionTask;
  versionState: typeof versionStateTask;
  diffVersions: typeof diffTask;
  corridorRoute: typeof corridorRouteTask;
  corridorPlacement: typeof corridorPlacementTask;
  offlineMapPlan: typeof offlineMapPlanTask;
}

/**
 * Each task's module, loaded by a thread the first time it runs that task: a thread starts with none of them, so the
 * first answer of a weather or a history call does not wait for the PDF and import readers to load.
 */
const taskLoaders: { [N in keyof HeavyTasks]: () => Promise<HeavyTasks[N]> } = {
  readImport: async () => (await import('../imports/importReader.ts')).readImport,
  proposeRoute: async () => (await import('@caravan/engine/tasks')).proposeRouteTask,
  planDays: async () => (await import('@caravan/engine/tasks')).planDaysTask,
  autoSchedule: async () => (await import('../commands/autoScheduleTask.ts')).autoScheduleTask,
  buildExport: async () => (await import('../exports/exportJob.ts')).buildExport,
  stopDays: async () => (await import('../exports/stopDaysTask.ts')).stopDaysTask,
  readVersion: async () => (await import('../history/historyTasks.ts')).readVersionTask,
  versionState: async () => (await import('../history/historyTasks.ts')).versionStateTask,
  diffVersions: async () => (await import('../history/historyTasks.ts')).diffTask,
  corridorRoute: async () => (await import('@caravan/engine/tasks')).corridorRouteTask,
  corridorPlacement: async () => (await import('@caravan/engine/tasks')).corridorPlacementTask,
  offlineMapPlan: async () => (await import('../queries/offlineMap/offlineMapPlanTask.ts')).offlineMapPlanTask,
};

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
    const task = (await taskLoaders[name]()) as (input: unknown) => unknown;
    return { value: await task(input) };
  } catch (error) {
    if (error instanceof AppError) return { refusal: { code: error.code, message: error.message } };
    throw error;
  }
}
