/**
 * The history's CPU work, as the worker pool (../heavyWork/) runs it: building a version's document from its base
 * and chunks, and diffing two (a 500-stop trip's take a hundred milliseconds or more), kept off the request loop.
 * Plain data in and out.
 */
import * as Y from 'yjs';
import { attributionOf, contractStops, diffTripDocs, TRIP_PARTS, type ContractStop, type TTripChanges } from '@caravan/shared';
import { docOfUpdates, type EditorUpdate } from '@caravan/engine';

export interface ReadVersionTask {
  /** The version's updates: its history's base, then its chunks' (engine `versionUpdates`). */
  updates: Uint8Array[];
}

export interface ReadVersion {
  stops: ContractStop[];
  parts: Record<string, Record<string, unknown>>;
  /** The whole document, base64. */
  update: string;
}

export function readVersionTask({ updates }: ReadVersionTask): ReadVersion {
  const doc = docOfUpdates(updates);
  try {
    const parts: Record<string, Record<string, unknown>> = {};
    for (const part of TRIP_PARTS) for (const root of part.roots) parts[root] = doc.getMap(root).toJSON();
    return { stops: contractStops(doc), parts, update: Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64') };
  } finally {
    doc.destroy();
  }
}

/** The version's document as one state (a restore plans against it on the request loop). */
export function versionStateTask({ updates }: ReadVersionTask): Uint8Array {
  const doc = docOfUpdates(updates);
  try {
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

export interface DiffTask {
  /** The older side's updates. */
  updates: Uint8Array[];
  /** The newer side's updates (its state, or a kept state and the chunks after it); null: the older side with `between` applied. */
  after: Uint8Array[] | null;
  /** Every update between the two, with its editor (the attribution). */
  between: EditorUpdate[];
  names: Array<[number, string]>;
  /** Answer the newer side's state too (the summary keeps it for the next version's). */
  keepAfter?: boolean;
}

export function diffTask({ updates, after, between, names, keepAfter }: DiffTask): { changes: TTripChanges; afterState: Uint8Array | null } {
  const beforeDoc = docOfUpdates(updates);
  const afterDoc = docOfUpdates(after ?? [Y.encodeStateAsUpdate(beforeDoc), ...between.map((part) => part.update)]);
  try {
    return {
      changes: diffTripDocs(beforeDoc, afterDoc, attributionOf(between), new Map(names)),
      afterState: keepAfter ? Y.encodeStateAsUpdate(afterDoc) : null,
    };
  } finally {
    beforeDoc.destroy();
    afterDoc.destroy();
  }
}
