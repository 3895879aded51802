/**
 * A version's document from its updates (./tripVersions.ts `versionUpdates`): applied one by one in one transaction,
 * six times faster than merging them first for a thousand versions' chunks (merging encodes everything once more).
 * An editor's part may need another's applied first; Yjs holds it pending until then, so the order does not matter.
 */
import * as Y from 'yjs';

export function docOfUpdates(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update);
  });
  return doc;
}

/** `doc`'s state plus `updates`, as a new document (`doc` is left as it was). */
export function docWith(doc: Y.Doc, updates: readonly Uint8Array[]): Y.Doc {
  return docOfUpdates([Y.encodeStateAsUpdate(doc), ...updates]);
}
