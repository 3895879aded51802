/** Sanitisers for projected values: rows are derived data, so nothing from a document is trusted as is. */
import { isPlainObject, isStorableText, toStorableText } from '@caravan/shared';

/** Text PostgreSQL can store: a document written before the collab server refused such text may still hold NUL or lone surrogates. */
export const text = (value: unknown): string | null => (typeof value === 'string' ? toStorableText(value) : null);
export const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const int = (value: unknown): number | null => (num(value) === null ? null : Math.round(value as number));
export const bool = (value: unknown): boolean => value === true;
export const time = (value: unknown): string | null => {
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) && Math.abs(parsed) < 8.64e15 ? new Date(parsed).toISOString() : null;
};

/**
 * JSON that jsonb accepts: every string and key made storable before it is written. (Editing the JSON text
 * afterwards cannot tell a NUL's escape from the six characters \u0000 typed as text, and breaks the JSON.)
 */
export const json = (value: unknown): string => {
  // Checked on the plain JSON first: a replacer runs for every value (each point of a leg's road line), and
  // JSON.stringify writes NUL and lone surrogates as \u escapes, so JSON without one needs no repair.
  const plain = JSON.stringify(value ?? null);
  return MAYBE_UNSTORABLE.test(plain) ? JSON.stringify(value ?? null, storable) : plain;
};
/** How JSON.stringify writes NUL and a lone surrogate (a false alarm too: the six characters \\u0000 typed as text). */
const MAYBE_UNSTORABLE = /\\u(?:0000|d[89a-f])/i;
const storable = (_key: string, item: unknown) => {
  if (typeof item === 'string') return isStorableText(item) ? item : toStorableText(item);
  if (!isPlainObject(item) || Object.keys(item).every(isStorableText)) return item;
  return Object.fromEntries(Object.entries(item).map(([key, field]) => [toStorableText(key), field]));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function uuidOrNull(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value : null;
}
