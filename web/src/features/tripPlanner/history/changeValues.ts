/** A changed field's value in words, for "What changed" (plain JSON from the diff: any shape). */
import { formatDuration } from '@caravan/shared';
import { historyMessages as text } from './messages.ts';

/** Stop fields that hold minutes: said as a duration ("1h 30m"). */
const MINUTE_FIELDS: ReadonlySet<string> = new Set(['stayMinutes', 'estimatedDriveMinutes']);

const MAX_LENGTH = 80;

const clip = (words: string) => (words.length > MAX_LENGTH ? `${words.slice(0, MAX_LENGTH - 1)}…` : words);

/** A field's value in words: minutes as a duration, anything else as valueWords says it. */
export function fieldValueWords(field: string, value: unknown): string {
  return MINUTE_FIELDS.has(field) && typeof value === 'number' ? formatDuration(value) : valueWords(value);
}

export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return text.emptyValue;
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return clip(value);
  if (Array.isArray(value)) return clip(value.map(valueWords).join(', '));
  // A lodging, a poll's options…: its name or title when it has one.
  const named = value as { name?: unknown; title?: unknown; label?: unknown };
  for (const candidate of [named.name, named.title, named.label]) if (typeof candidate === 'string' && candidate) return clip(candidate);
  return clip(JSON.stringify(value));
}

/** Member ids → names, "Someone" for an id the answer does not name. */
export function namesOf(ids: readonly number[], members: ReadonlyArray<{ userId: number | null; displayName: string }>): string[] {
  const byId = new Map(members.flatMap((member) => (member.userId === null ? [] : [[member.userId, member.displayName] as const])));
  return [...new Set(ids.map((id) => byId.get(id) ?? text.someone))];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A changed entry's fields that differ (an expense's amount, an item's done), or the whole value when it is not a record. */
export function entryFieldChanges(before: unknown, after: unknown): Array<{ field: string; before: unknown; after: unknown }> {
  if (!isRecord(before) || !isRecord(after)) return [{ field: '', before, after }];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map((key) => ({ field: key, before: before[key], after: after[key] }));
}
