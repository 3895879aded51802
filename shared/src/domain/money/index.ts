export * from './currencies.ts';
export * from './split.ts';
export * from './conversion.ts';
export * from './balances.ts';
export * from './settleUp.ts';
export * from './budget.ts';
export * from './overview.ts';
export * from './localCurrency.ts';
