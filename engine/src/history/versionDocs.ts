/** A version's document from its updates (./tripVersions.ts `versionUpdates`): merged first, applied once. */
import * as Y from 'yjs';

export function docOfUpdates(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, updates.length === 1 ? updates[0] : Y.mergeUpdates(updates as Uint8Array[]));
  return doc;
}

/** `doc`'s state plus `updates`, as a new document (`doc` is left as it was). */
export function docWith(doc: Y.Doc, updates: readonly Uint8Array[]): Y.Doc {
  return docOfUpdates([Y.encodeStateAsUpdate(doc), ...updates]);
}
