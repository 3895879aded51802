/**
 * A trip's document as it is stored (the snapshot, then the log rows after it), for a worker thread to decode: the
 * request loop reads the bytes and hands them over, so it never decodes or walks a thousand stops itself.
 */
import * as Y from 'yjs';
import type { CatchUp } from './tripDocLog.ts';

/** The stored updates of a catch-up from the start, in the order they apply. */
export const storedUpdatesOf = (caught: CatchUp): Uint8Array[] => [...(caught.state ? [caught.state] : []), ...caught.rows.map((row) => row.update)];

/** The document the stored updates make. */
export function tripDocOf(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update);
  });
  return doc;
}
