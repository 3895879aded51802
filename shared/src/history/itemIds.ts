/**
 * The Yjs item that holds (or last held) a key of a map: its id names, through an Attribution, who set the value
 * a key holds now, or who deleted the one it held.
 */
import type * as Y from 'yjs';
import type { Attribution } from './attribution.ts';

/** Who wrote the value `key` of `map` holds, or who deleted it when it holds none now; null when unknown. */
export function changedBy(map: Y.Map<unknown>, key: string, attribution: Attribution): number | null {
  const item = map._map.get(key);
  if (!item) return null;
  return item.deleted ? attribution.deleterOf(item.id) : attribution.writerOf(item.id);
}

/** Who deleted the value `key` of `map` held (`map` is the document before the deletion); null when unknown. */
export function deletedBy(map: Y.Map<unknown>, key: string, attribution: Attribution): number | null {
  const item = map._map.get(key);
  return item ? attribution.deleterOf(item.id) : null;
}

/** The members who did a change, each once, unknown ones left out. */
export const membersOf = (ids: ReadonlyArray<number | null>): number[] => [...new Set(ids.filter((id): id is number => id !== null))];
