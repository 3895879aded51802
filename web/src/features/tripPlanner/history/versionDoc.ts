/** A version's whole document (the read answer's base64 Yjs update) as a Y.Doc of its own, never connected: read-only. */
import * as Y from 'yjs';

export function versionDoc(update: string): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  Y.applyUpdate(doc, Uint8Array.from(atob(update), (char) => char.charCodeAt(0)));
  return doc;
}
