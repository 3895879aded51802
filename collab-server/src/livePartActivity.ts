/**
 * Records the activity of members' live edits to the trip document's parts (checklists …), by each part's own
 * activity rule (shared/src/parts/registry.ts `activityOf`), as REST records what it writes through the same rule
 * (engine/src/tripDocs/partWrites.ts). Only the room holding the writer's connection sees that origin: other
 * processes apply the same update as a peer's, so each change is recorded once.
 */
import type * as Y from 'yjs';
import { TRIP_PARTS, activityOf, type KeyChange } from '@caravan/shared';
import { recordActivity } from '@caravan/engine';
import { Connection } from './connection.ts';

/** Starts watching `doc`'s part roots; `applyDerived` is the room's, `members` its member names. Returns the stop function. */
export function watchLivePartActivity(
  doc: Y.Doc,
  applyDerived: (change: (doc: Y.Doc) => void) => void,
  members: () => ReadonlyMap<number, string>,
): () => void {
  const stops = TRIP_PARTS.flatMap((part) =>
    part.roots.map((root) => {
      const map = doc.getMap<unknown>(root);
      const observer = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
        const origin = transaction.origin;
        if (!(origin instanceof Connection)) return;
        const changes: KeyChange[] = [...event.changes.keys].map(([key, { oldValue }]) => ({ root, key, before: oldValue, after: map.get(key) }));
        const { id, displayName, avatarUrl } = origin.user;
        const notes = activityOf(doc, changes, { role: origin.role, userId: id, members: members() });
        if (notes.length === 0) return;
        applyDerived((current) => {
          for (const { type, data } of notes) recordActivity(current, { id, displayName, avatarUrl: avatarUrl ?? null }, type, data);
        });
      };
      map.observe(observer);
      return () => map.unobserve(observer);
    }),
  );
  return () => stops.forEach((stop) => stop());
}
