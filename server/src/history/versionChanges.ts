/**
 * A trip's versions as documents, and what changed between two of them (or between one and the trip as it is
 * now), with who did it: the diff of the two documents, each change attributed by the chunks between them.
 */
import type * as Y from 'yjs';
import type { DataSource, EntityManager } from 'typeorm';
import { docOfUpdates, updatesBetween, versionUpdates } from '@caravan/engine';

type Db = DataSource | EntityManager;

/** The trip's document at version `id` (or its history's base position); null for none. */
export async function versionDoc(db: Db, tripId: string, id: bigint): Promise<Y.Doc | null> {
  const updates = await versionUpdates(db, tripId, id);
  return updates && docOfUpdates(updates);
}

/** One line for what changed after `from` (null: the history's start) up to version `to`. */
export async function summaryOfChanges(db: Db, tripId: string, from: bigint | null, to: bigint): Promise<string> {
  const editors = await updatesBetween(db, tripId, from ?? 0n, to);
  const ids = [...new Set(editors.flatMap((part) => (part.userId === null ? [] : [part.userId])))];
  if (!ids.length) return '';
  const names: Array<{ display_name: string }> = await db.query(`SELECT display_name FROM users WHERE id = ANY($1::int[]) ORDER BY display_name`, [ids]);
  return `${names.map((row) => row.display_name).join(', ')} edited the trip`;
}
