/** Sanitisers for projected values: rows are derived data, so nothing from a document is trusted as is. */
export const text = (value: unknown): string | null => (typeof value === 'string' ? value.replace(/\0/g, '') : null);
export const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const int = (value: unknown): number | null => (num(value) === null ? null : Math.round(value as number));
export const bool = (value: unknown): boolean => value === true;
export const time = (value: unknown): string | null => {
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) && Math.abs(parsed) < 8.64e15 ? new Date(parsed).toISOString() : null;
};
export const json = (value: unknown): string => JSON.stringify(value ?? null).replace(/\\u0000/g, '');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function uuidOrNull(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value : null;
}
