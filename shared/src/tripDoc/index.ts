export * from './schema.ts';
export * from './access.ts';
export * from './stops.ts';
export * from './toContract.ts';

export * from './activityTypes.ts';
export * from './commentMentions.ts';
export * from './stopProgress.ts';
