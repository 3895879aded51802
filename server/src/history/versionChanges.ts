/**
 * A trip's versions as documents, and what changed between two of them (or between one and the trip as it is
 * now), with who did it: the diff of the two documents (shared `diffTripDocs`), each change attributed by the
 * updates between them, each with its editor (the chunks of the versions between, and the log rows no version holds
 * yet when the newer side is now).
 */
import * as Y from 'yjs';
import type { DataSource, EntityManager } from 'typeorm';
import { attributionOf, diffTripDocs, type TTripChanges } from '@caravan/shared';
import { docOfUpdates, updatesBetween, versionUpdates, type EditorUpdate, type TripDocHub } from '@caravan/engine';
import { lastVersionDocs } from './lastVersionDocs.ts';

type Db = DataSource | EntityManager;

/** The trip's document at version `id` (or its history's base position); null for none. */
export async function versionDoc(db: Db, tripId: string, id: bigint): Promise<Y.Doc | null> {
  const cached = lastVersionDocs.get(tripId, id);
  if (cached) return docOfUpdates([cached]);
  const updates = await versionUpdates(db, tripId, id);
  return updates && docOfUpdates(updates);
}

/** Display names of the users these updates name (a member who left still has one until they delete their account). */
async function namesOf(db: Db, updates: readonly EditorUpdate[]): Promise<Map<number, string>> {
  const ids = [...new Set(updates.flatMap((part) => (part.userId === null ? [] : [part.userId])))];
  if (!ids.length) return new Map();
  const rows: Array<{ id: number; display_name: string }> = await db.query(`SELECT id, display_name FROM users WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((row) => [row.id, row.display_name]));
}

/** What the diff reads: the older side's updates, the newer side's (or the live state), the editors' updates between. */
interface DiffInput {
  before: Uint8Array[];
  /** The newer side's own updates, or the live document's state. */
  after: Uint8Array[];
  between: EditorUpdate[];
  names: Map<number, string>;
}

function diffOf(input: DiffInput): TTripChanges {
  const before = docOfUpdates(input.before);
  const after = docOfUpdates(input.after);
  try {
    return diffTripDocs(before, after, attributionOf(input.between), input.names);
  } finally {
    before.destroy();
    after.destroy();
  }
}

/**
 * What changed from version `from` to version `to`, or to the trip as it is now (`to` null); null when either
 * version is not the trip's. Read in one snapshot (the live document's own read, for now).
 */
export async function changesBetween(dataSource: DataSource, tripDocs: TripDocHub, tripId: string, from: bigint, to: bigint | null): Promise<TTripChanges | null> {
  const input =
    to === null
      ? await tripDocs.read(tripId, async ({ doc, manager }) => {
          const before = await versionUpdates(manager, tripId, from);
          if (!before) return null;
          const between = await updatesBetween(manager, tripId, from, null);
          return { before, after: [Y.encodeStateAsUpdate(doc)], between, names: await namesOf(manager, between) };
        })
      : await dataSource.transaction('REPEATABLE READ', async (manager) => {
          const [older, newer] = from <= to ? [from, to] : [to, from];
          const before = await versionUpdates(manager, tripId, from);
          const after = await versionUpdates(manager, tripId, to);
          if (!before || !after) return null;
          const between = await updatesBetween(manager, tripId, older, newer);
          return { before, after, between, names: await namesOf(manager, between) };
        });
  return input && diffOf(input);
}

/**
 * The one-line summary of what changed after `from` (an earlier version, or the history's base position) up to
 * version `to`; the newer document is kept for the next version's summary (./lastVersionDocs.ts).
 */
export async function summaryOfChanges(db: Db, tripId: string, from: bigint, to: bigint): Promise<string> {
  const cached = lastVersionDocs.get(tripId, from);
  const before = cached ? [cached] : await versionUpdates(db, tripId, from);
  if (!before) return '';
  const between = await updatesBetween(db, tripId, from, to);
  const beforeDoc = docOfUpdates(before);
  const afterDoc = docOfUpdates([Y.encodeStateAsUpdate(beforeDoc), ...between.map((part) => part.update)]);
  try {
    lastVersionDocs.set(tripId, to, Y.encodeStateAsUpdate(afterDoc));
    return diffTripDocs(beforeDoc, afterDoc, attributionOf(between), await namesOf(db, between)).summary;
  } finally {
    beforeDoc.destroy();
    afterDoc.destroy();
  }
}
