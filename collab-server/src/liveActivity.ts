/**
 * Records the activity of members' live stop edits, as the REST commands record theirs (stop added, deleted,
 * visited, moved: engine/src/tripDocs/stopActivity.ts). It watches the room's stops for transactions a
 * connection applied, and writes the entries as a server-derived change, so they persist in the same batch
 * as the edit and reach every member. Only the room holding the writer's connection sees that origin: other
 * processes apply the same update as a peer's, so each change is recorded once.
 */
import type * as Y from 'yjs';
import { stopsMap, type RecordMap } from '@caravan/shared';
import { recordsNothing, recordStopChange } from '@caravan/engine';
import { stopChangesOf } from './liveStopChanges.ts';
import { Connection } from './connection.ts';

/** Starts watching `doc`; `applyDerived` is the room's. Returns the stop function. */
export function watchLiveStopActivity(doc: Y.Doc, applyDerived: (change: (doc: Y.Doc) => void) => void): () => void {
  const stops = stopsMap(doc);
  const observer = (events: Array<Y.YEvent<any>>, transaction: Y.Transaction) => {
    const origin = transaction.origin;
    if (!(origin instanceof Connection)) return;
    const changes = stopChangesOf(events, stops as Y.Map<RecordMap>);
    const { id, displayName, avatarUrl } = origin.user;
    const actor = { id, displayName, avatarUrl: avatarUrl ?? null };
    if (changes.every((change) => recordsNothing(doc, actor, change))) return;
    // Read now: a deleted stop's name is gone once the transaction is done. The room applies the entries right
    // after the edit's transaction, in the same batch, and sends them only once that batch commits.
    applyDerived((current) => {
      for (const change of changes) recordStopChange(current, actor, change);
    });
  };
  stops.observeDeep(observer);
  return () => stops.unobserveDeep(observer);
}
