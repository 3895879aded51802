/** The trip's schedule by the day (docs/product.md#itinerary): the function and the shapes it reads and gives. */
export * from './types.ts';
export { computeSchedule } from './computeSchedule.ts';
export { daysAreDated, datedStopCount } from './datedStops.ts';
export { readStopPlan, type StopPlan } from './stopPlan.ts';
export * from './bulkSchedule.ts';
export type { DayWalkOf } from './fitToDayWalk.ts';
export { stopDrives, type StopDrive } from './stopDrives.ts';
export { readStopProgress, type StopProgress } from './stopProgress.ts';
export * from './todayPlan.ts';
export { instantOf, wallClock } from './localTime.ts';
