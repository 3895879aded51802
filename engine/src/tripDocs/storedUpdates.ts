/**
 * A trip's document as it is stored (the snapshot, then the log rows after it), for a worker thread to decode: the
 * request loop reads the bytes and hands them over, so it never decodes or walks a thousand stops itself.
 */
import * as Y from 'yjs';

/** The stored updates of a catch-up (tripDocLog.ts), in the order they apply. */
export const storedUpdatesOf = ({ state, rows }: { state: Uint8Array | null; rows: ReadonlyArray<{ update: Uint8Array }> }): Uint8Array[] => [
  ...(state ? [state] : []),
  ...rows.map((row) => row.update),
];

/** The document the stored updates make. */
export function tripDocOf(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update);
  });
  return doc;
}
