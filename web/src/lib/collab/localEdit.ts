/**
 * This tab's own edits of a trip document: one transaction under LOCAL_ORIGIN, which the undo manager tracks
 * and the save indicator counts (see tripConnection.ts). Kept apart so views that only edit a document they
 * are given do not load the connection's websocket and IndexedDB code.
 */
import type * as Y from 'yjs';
import { applyKeyWrites, type KeyWrite } from '@caravan/shared';

/** The origin of this tab's edits: the undo manager tracks it and nothing else. */
export const LOCAL_ORIGIN: { readonly source: 'local' } = Object.freeze({ source: 'local' });

export function transactLocal<T>(doc: Y.Doc, edit: () => T): T {
  let result!: T;
  doc.transact(() => {
    result = edit();
  }, LOCAL_ORIGIN);
  return result;
}

/** A part writer's key writes (shared/src/parts), applied as this tab's own edit; the live door judges them as REST's. */
export function writeLocal(doc: Y.Doc, writes: readonly KeyWrite[]): void {
  if (writes.length) transactLocal(doc, () => applyKeyWrites(doc, writes));
}
