/**
 * Records "assigned" for a member's live edit that gives a checklist item to someone, as REST's item commands
 * record it (engine/src/tripDocs/checklistActivity.ts): only in the room holding the writer's connection, so once.
 */
import type * as Y from 'yjs';
import { checklistItemsMap, readChecklistItem, type DocChecklistItem } from '@caravan/shared';
import { isNewAssignment, recordItemAssigned } from '@caravan/engine';
import { Connection } from './connection.ts';

/** Starts watching `doc`'s items; `applyDerived` is the room's, `members` its member names. Returns the stop function. */
export function watchLiveChecklistActivity(
  doc: Y.Doc,
  applyDerived: (change: (doc: Y.Doc) => void) => void,
  members: () => ReadonlyMap<number, string>,
): () => void {
  const items = checklistItemsMap(doc);
  const observer = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
    const origin = transaction.origin;
    if (!(origin instanceof Connection)) return;
    const assigned = [...event.keysChanged].flatMap((key) => {
      const item = readChecklistItem(doc, key);
      const before = (event.changes.keys.get(key)?.oldValue ?? null) as DocChecklistItem | null;
      return item && isNewAssignment(before, item) ? [{ key, item }] : [];
    });
    if (assigned.length === 0) return;
    const { id, displayName, avatarUrl } = origin.user;
    applyDerived((current) => {
      for (const { key, item } of assigned) {
        recordItemAssigned(current, { id, displayName, avatarUrl: avatarUrl ?? null }, key, item, members().get(item.assignee!) ?? '');
      }
    });
  };
  items.observe(observer);
  return () => items.unobserve(observer);
}
