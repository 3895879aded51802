/**
 * How an expense divides among members, in integer minor units: equally, by shares, by exact amounts or by
 * percentages (in basis points, 10000 = 100 %). dinero.js' allocate hands the remainder out one minor unit at a
 * time, larger ratios first and among equal ones the first, and parts are taken in user-id order, so the same
 * expense always splits the same way and the parts always sum to the amount.
 */
import { allocate, dinero, toSnapshot } from 'dinero.js/bigint';
import { currencyOf } from './currencies.ts';

export const SPLIT_KINDS = ['equal', 'shares', 'exact', 'percent'] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];
export const PERCENT_WHOLE = 10_000;

export interface SplitPart {
  userId: number;
  /** equal: ignored; shares: a weight ≥ 1; exact: minor units; percent: basis points. */
  value: number;
}
export interface Split {
  kind: SplitKind;
  parts: SplitPart[];
}

/** Why `split` cannot divide `amount`, or null when it can. */
export function splitProblem(amount: number, split: Split): string | null {
  if (split.parts.length === 0) return 'Choose at least one member to split with.';
  if (new Set(split.parts.map((part) => part.userId)).size !== split.parts.length) return 'Each member may appear once in a split.';
  const total = split.parts.reduce((sum, part) => sum + part.value, 0);
  if (split.kind === 'exact' && total !== amount) return 'The exact amounts must add up to the expense amount.';
  if (split.kind === 'percent' && total !== PERCENT_WHOLE) return 'The percentages must add up to 100.';
  if (split.kind === 'shares' && split.parts.some((part) => part.value < 1)) return 'Each share must be at least 1.';
  return null;
}

/** Ratios the amount divides by, in the order of `parts`. */
function ratios(split: Split): bigint[] {
  return split.parts.map((part) => (split.kind === 'equal' ? 1n : BigInt(part.value)));
}

/** Divides `amount` (minor units of `currency`) by `weights`; the parts sum to `amount` exactly. */
export function allocateMinor(amount: number, currency: string, weights: readonly bigint[]): number[] {
  if (weights.every((weight) => weight === 0n)) throw new Error('Nothing to allocate by');
  return allocate(dinero({ amount: BigInt(amount), currency: currencyOf(currency) }), [...weights]).map((part) =>
    Number(toSnapshot(part).amount),
  );
}

/** Each member's part of `amount` (a split splitProblem accepts), in minor units, in user-id order. */
export function splitAmount(amount: number, currency: string, split: Split): Map<number, number> {
  const ordered: Split = { kind: split.kind, parts: [...split.parts].sort((a, b) => a.userId - b.userId) };
  const parts = split.kind === 'exact' ? ordered.parts.map((part) => part.value) : allocateMinor(amount, currency, ratios(ordered));
  return new Map(ordered.parts.map((part, index) => [part.userId, parts[index]]));
}
