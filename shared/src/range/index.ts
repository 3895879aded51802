/** The car's range along the trip: the vehicle as read, the rule step by step, and the walk over a trip's stops. */
export { vehicleOf } from './vehicleOf.ts';
export * from './rangeStep.ts';
export * from './rangeWalk.ts';
export { formatRangeDistance, rangeRunsOutText } from './rangeWords.ts';
