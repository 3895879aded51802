/** The parts of the trip document: what other packages may use of them (a dependency rule keeps them to it). */
export * from './part.ts';
export * from './rewrites.ts';
export * from './keys.ts';
export * from './registry.ts';
export * from './applyKeyWrites.ts';
export * from './checklists/index.ts';
export * from './decisions/index.ts';
export * from './money/index.ts';
