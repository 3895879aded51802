/**
 * A version's document from what is stored (`VersionSource`, read by ./tripVersions.ts): its state, then one merged
 * update per chunk (./versionChunk.ts), applied in one transaction. Runs where the CPU work may take a while: a worker
 * thread for a request, the sweep in process.
 */
import * as Y from 'yjs';
import { decodeChunk, decompressState, type VersionChunk } from './versionChunk.ts';

/**
 * A version's document as stored: a state to start from (the history's base, compressed, or a version's state kept
 * in memory) and the chunks after it up to the version, compressed as stored. The request loop only reads these
 * bytes; a worker thread decompresses and applies them (`docOfSource`).
 */
export interface VersionSource {
  state: Uint8Array;
  /** Whether `state` is compressed (the base is, a kept state is not). */
  compressed: boolean;
  chunks: Uint8Array[];
}

export function docOfUpdates(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update);
  });
  return doc;
}

/** The source's state, decompressed when stored so. */
export const sourceState = (source: VersionSource): Uint8Array => (source.compressed ? decompressState(source.state) : source.state);

/** The chunks as stored, decoded. */
export const decodeChunks = (chunks: readonly Uint8Array[]): VersionChunk[] => chunks.map(decodeChunk);

/** The document a version's source makes. */
export function docOfSource(source: VersionSource): Y.Doc {
  return docOfUpdates([sourceState(source), ...decodeChunks(source.chunks).map((chunk) => chunk.update)]);
}
