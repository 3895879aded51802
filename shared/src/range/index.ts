/** The car's range along the trip: the vehicle as read, the rule step by step, the walk over a trip's stops, and the stations offered where it runs out. */
export { vehicleOf } from './vehicleOf.ts';
export * from './rangeStep.ts';
export * from './rangeWalk.ts';
export * from './reachableStations.ts';
export { formatRangeDistance, rangeRunsOutText, stationAlongText } from './rangeWords.ts';
