/**
 * What a restore brings back under new ids (a deleted id is never used again: ../parts/keys.ts) must be referred to
 * by its new id everywhere it is named: an item's list, a tick's item, a vote's poll (`poll:<id>:<voter>`), an
 * expense's stop. Ids are uuids, so a value naming one is that exact text, and a key names one as a `:` segment.
 */

/** `value` with every text that is an old id replaced by its new id, in nested arrays and objects too. */
export function renameInValue(value: unknown, newIds: ReadonlyMap<string, string>): unknown {
  if (newIds.size === 0) return value;
  if (typeof value === 'string') return newIds.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => renameInValue(item, newIds));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameInValue(item, newIds)]));
  }
  return value;
}

/** `key` with each `:`-separated segment that is an old id replaced by its new id. */
export function renameInKey(key: string, newIds: ReadonlyMap<string, string>): string {
  if (newIds.size === 0) return key;
  return key
    .split(':')
    .map((segment) => newIds.get(segment) ?? segment)
    .join(':');
}
