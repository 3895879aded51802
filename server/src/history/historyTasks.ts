/**
 * The history's CPU work, as the worker pool (../heavyWork/) runs it: building a version's document from its stored
 * state and chunks (decompressed here, not on the request loop), and diffing two (a 500-stop trip's take a hundred
 * milliseconds or more), kept off the request loop. Plain data in and out.
 */
import * as Y from 'yjs';
import { attributionOfRanges, contractStops, diffTripDocs, editorRangesOf, TRIP_PARTS, type ContractStop, type TTripChanges } from '@caravan/shared';
import { compressState, decodeChunks, docOfSource, docOfUpdates, type EditorUpdate, type VersionSource } from '@caravan/engine/tasks';

export interface ReadVersionTask {
  /** The version as stored (engine `versionSource`, or a kept state and the chunks after it). */
  source: VersionSource;
}

export interface ReadVersion {
  stops: ContractStop[];
  parts: Record<string, Record<string, unknown>>;
  /** The whole document, base64. */
  update: string;
}

export function readVersionTask({ source }: ReadVersionTask): ReadVersion {
  const doc = docOfSource(source);
  try {
    const parts: Record<string, Record<string, unknown>> = {};
    for (const part of TRIP_PARTS) for (const root of part.roots) parts[root] = doc.getMap(root).toJSON();
    return { stops: contractStops(doc), parts, update: Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64') };
  } finally {
    doc.destroy();
  }
}

/** The version's document as one state (a restore plans against it on the request loop). */
export function versionStateTask({ source }: ReadVersionTask): Uint8Array {
  const doc = docOfSource(source);
  try {
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

export interface DiffTask {
  /** The older side. */
  before: VersionSource;
  /**
   * The newer side: a version built on its own (a state kept after the older side is nearer), or the trip's document
   * as stored now (its snapshot and log rows); null: the older side with `between` and `rows` applied.
   */
  after: VersionSource | { stored: Uint8Array[] } | null;
  /** The version chunks between the two, as stored (compressed): who did what, and the newer side when `after` is null. */
  between: Uint8Array[];
  /** Log rows no version holds yet, each with its editor (the newer side is now). */
  rows: EditorUpdate[];
  names: Array<[number, string]>;
  /** Answer the newer side's state too (the summary keeps it for the next version's). */
  keepAfter?: boolean;
  /** Answer the newer side's state compressed as well, to keep as the version's checkpoint. */
  checkpointAfter?: boolean;
}

export interface DiffAnswer {
  changes: TTripChanges;
  afterState: Uint8Array | null;
  afterCheckpoint: Uint8Array | null;
}

export function diffTask({ before, after, between, rows, names, keepAfter, checkpointAfter }: DiffTask): DiffAnswer {
  const chunks = decodeChunks(between);
  const beforeDoc = docOfSource(before);
  const afterDoc =
    after === null
      ? docOfUpdates([Y.encodeStateAsUpdate(beforeDoc), ...chunks.map((chunk) => chunk.update), ...rows.map((row) => row.update)])
      : 'stored' in after
        ? docOfUpdates(after.stored)
        : docOfSource(after);
  try {
    const attribution = attributionOfRanges([...chunks.flatMap((chunk) => chunk.editors), ...editorRangesOf(rows)]);
    const afterState = keepAfter || checkpointAfter ? Y.encodeStateAsUpdate(afterDoc) : null;
    return {
      changes: diffTripDocs(beforeDoc, afterDoc, attribution, new Map(names)),
      afterState: keepAfter ? afterState : null,
      afterCheckpoint: checkpointAfter ? compressState(afterState!) : null,
    };
  } finally {
    beforeDoc.destroy();
    afterDoc.destroy();
  }
}
