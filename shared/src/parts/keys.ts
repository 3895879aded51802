/** What every part's keys share. */
import type * as Y from 'yjs';

/** The id of a part's entry (a list, an item, a poll, an expense): a lower-case uuid, as the projection stores it. */
export const DOC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether `key` holds, or once held, a value in `map` (Yjs keeps a deleted key's last item): an id once deleted is
 * never used again, and an offline member's edit of an entry deleted meanwhile is taken and deleted again.
 */
export const everHeld = (map: Y.Map<unknown>, key: string) => map._map.has(key);

/** Held a value once and holds none now: deleted. */
export const isGone = (map: Y.Map<unknown>, key: string) => everHeld(map, key) && !map.has(key);
