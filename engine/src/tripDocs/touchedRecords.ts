/**
 * Remembers which records of a trip document changed since the last commit, so the projection rewrites
 * only those. Stops are tracked as a whole (a move renumbers every stop_order), the rest by id.
 */
import * as Y from 'yjs';
import { activityArray, commentsMap, stopsMap, suggestionsMap, type RecordMap } from '@caravan/shared';

export interface TouchedRecords {
  stops: boolean;
  suggestions: Set<string>;
  comments: Set<string>;
  activity: Set<string>;
}

export const noneTouched = (): TouchedRecords => ({
  stops: false,
  suggestions: new Set(),
  comments: new Set(),
  activity: new Set(),
});

export const isAnyTouched = (touched: TouchedRecords) =>
  touched.stops || touched.suggestions.size > 0 || touched.comments.size > 0 || touched.activity.size > 0;

export interface TouchedTracker {
  /** What changed since the previous take; tracking starts afresh. */
  take: () => TouchedRecords;
  /** Gives back what a failed commit had taken, so the retry projects it too. */
  putBack: (taken: TouchedRecords) => void;
  stop: () => void;
}

/**
 * The values a transaction added to `array`, found among the structs it created (those past its start state):
 * Yjs's `event.changes` walks the whole array, tombstones included.
 */
function* addedTo(array: Y.Array<RecordMap>, transaction: Y.Transaction): Generator<RecordMap> {
  for (const [client, after] of transaction.afterState) {
    const before = transaction.beforeState.get(client) ?? 0;
    if (after <= before) continue;
    const structs = transaction.doc.store.clients.get(client)!;
    for (let index = Y.findIndexSS(structs, before); index < structs.length && structs[index].id.clock < after; index += 1) {
      const struct = structs[index];
      if (struct instanceof Y.Item && struct.parent === array && !struct.deleted) yield* struct.content.getContent() as RecordMap[];
    }
  }
}

export function trackTouchedRecords(doc: Y.Doc): TouchedTracker {
  let touched = noneTouched();
  const stops: Y.AbstractType<any> = stopsMap(doc);
  const keyed: Array<[Y.AbstractType<any>, (t: TouchedRecords) => Set<string>]> = [
    [suggestionsMap(doc), (t) => t.suggestions],
    [commentsMap(doc), (t) => t.comments],
  ];
  const activity = activityArray(doc);
  const touchActivity = (entry: RecordMap) => {
    const id = entry.get('id');
    if (typeof id === 'string') touched.activity.add(id);
  };

  const onTransaction = (transaction: Y.Transaction) => {
    for (const [type, keys] of transaction.changed) {
      const parent = type._item?.parent as Y.AbstractType<any> | undefined;
      if (type === stops || parent === stops) touched.stops = true;
      for (const [root, pick] of keyed) {
        if (type === root) for (const key of keys) if (key) pick(touched).add(key);
        if (parent === root && type._item?.parentSub) pick(touched).add(type._item.parentSub);
      }
      if (type === activity) for (const entry of addedTo(activity, transaction)) touchActivity(entry);
      // An entry changed after it was added (a move folded into it: ./stopActivity.ts).
      if (parent === activity && type instanceof Y.Map) touchActivity(type);
    }
  };
  doc.on('afterTransaction', onTransaction);
  return {
    take: () => {
      const taken = touched;
      touched = noneTouched();
      return taken;
    },
    putBack: (taken) => {
      touched.stops ||= taken.stops;
      for (const key of ['suggestions', 'comments', 'activity'] as const) for (const id of taken[key]) touched[key].add(id);
    },
    stop: () => doc.off('afterTransaction', onTransaction),
  };
}
