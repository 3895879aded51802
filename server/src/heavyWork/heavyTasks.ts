/**
 * What the worker pool's threads run (see heavyWork.ts): each task takes plain data and answers plain data, since
 * only that crosses between threads. A refusal (AppError) comes back as data, with its code and message, so the
 * request answers it as if it had been thrown on its own thread.
 */
import { autoScheduleTask } from '../commands/autoScheduleTask.ts';
import { buildExport } from '../exports/exportJob.ts';
import { stopDaysTask } from '../exports/stopDaysTask.ts';
import { diffTask, readVersionTask, versionStateTask } from '../history/historyTasks.ts';
import { readImport } from '../imports/importReader.ts';
import { offlineMapPlanTask } from '../queries/offlineMap/offlineMapPlanTask.ts';
import { AppError, corridorPlacementTask, corridorRouteTask, type ErrorCode, planDaysTask, proposeRouteTask } from '@caravan/engine';

const heavyTasks = {
  readImport,
  proposeRoute: proposeRouteTask,
  planDays: planDaysTask,
  autoSchedule: autoScheduleTask,
  buildExport,
  stopDays: stopDaysTask,
  readVersion: readVersionTask,
  versionState: versionStateTask,
  diffVersions: diffTask,
  corridorRoute: corridorRouteTask,
  corridorPlacement: corridorPlacementTask,
  offlineMapPlan: offlineMapPlanTask,
};

export type HeavyTasks = typeof heavyTasks;
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
    return { value: await (heavyTasks[name] as (input: unknown) => unknown)(input) };
  } catch (error) {
    if (error instanceof AppError) return { refusal: { code: error.code, message: error.message } };
    throw error;
  }
}
