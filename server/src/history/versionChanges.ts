/**
 * A trip's versions as documents, and what changed between two of them (or between one and the trip as it is
 * now), with who did it: the diff of the two documents (shared `diffTripDocs`), each change attributed by the
 * editors' ranges of the chunks between them (and the log rows no version holds yet when the newer side is now).
 * The database reads happen here, and read stored bytes only; the CPU work, decompressing those bytes included,
 * goes through `run`: the worker pool for a request (./historyTasks.ts), or in process where nothing waits on it.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { TTripChanges } from '@caravan/shared';
import { changesAfter, findVersion, versionChunksAfter, versionSource, type TripDocHub, type VersionSource } from '@caravan/engine';
import type { HeavyWork } from '../heavyWork/heavyWork.ts';
import { diffTask, readVersionTask, versionStateTask, type DiffAnswer, type DiffTask, type ReadVersion, type ReadVersionTask } from './historyTasks.ts';
import { versionStates } from './versionStates.ts';

type Db = DataSource | EntityManager;

/** Where the history's CPU work runs. */
export interface HistoryRun {
  readVersion(input: ReadVersionTask): Promise<ReadVersion>;
  versionState(input: ReadVersionTask): Promise<Uint8Array>;
  diffVersions(input: DiffTask): Promise<DiffAnswer>;
}

export const inProcess: HistoryRun = {
  readVersion: async (input) => readVersionTask(input),
  versionState: async (input) => versionStateTask(input),
  diffVersions: async (input) => diffTask(input),
};

/**
 * The pool's pseudo-account for the server's own history work (the sweep, the summary a restore leaves to be written):
 * beside the members' accounts, taking nothing of any member's allowance of heavy tasks.
 */
export const SERVER_HISTORY_ACCOUNT = 0;

/** On the worker pool, as `userId`'s tasks (the server's own as SERVER_HISTORY_ACCOUNT's). */
export const onPool = (heavyWork: HeavyWork, userId: number): HistoryRun => ({
  readVersion: (input) => heavyWork.run(userId, 'readVersion', input),
  versionState: (input) => heavyWork.run(userId, 'versionState', input),
  diffVersions: (input) => heavyWork.run(userId, 'diffVersions', input),
});

/**
 * The trip at version `id` (or its history's base position) as stored; null for none. From the kept state of the
 * nearest version at or before it when there is one (./versionStates.ts), else from the history's base.
 */
export async function versionSourceOf(db: Db, tripId: string, id: bigint): Promise<VersionSource | null> {
  // Asked even for a kept state of `id` itself: a retention fold may have taken the version since.
  const nearest = versionStates.nearest(tripId, id);
  const chunks = nearest && (await versionChunksAfter(db, tripId, nearest.id, id));
  return chunks ? { state: nearest!.state, compressed: false, chunks } : versionSource(db, tripId, id);
}

/** The trip's document at version `id` as one state, kept for the next read near it; null for none. */
export async function versionState(db: Db, run: HistoryRun, tripId: string, id: bigint): Promise<Uint8Array | null> {
  const source = await versionSourceOf(db, tripId, id);
  const state = source && (await run.versionState({ source }));
  if (state) versionStates.set(tripId, id, state);
  return state;
}

/** Display names of these users (a member who left still has one until they delete their account). */
async function namesOf(db: Db, ids: readonly number[]): Promise<Array<[number, string]>> {
  if (!ids.length) return [];
  const rows: Array<{ id: number; display_name: string }> = await db.query(`SELECT id, display_name FROM users WHERE id = ANY($1::int[])`, [ids]);
  return rows.map((row) => [row.id, row.display_name]);
}

/**
 * What changed from version `from` to version `to`, or to the trip as it is now (`to` null); null when either
 * version is not the trip's. Read in one snapshot, as stored bytes the worker decodes; the newer version is built
 * from the older one and the chunks between (one history walk, not two), now from the trip's stored document.
 */
export async function changesBetween(dataSource: DataSource, tripDocs: TripDocHub, run: HistoryRun, tripId: string, from: bigint, to: bigint | null): Promise<TTripChanges | null> {
  const input = await dataSource.transaction('REPEATABLE READ', async (manager): Promise<DiffTask | null> => {
    const before = await versionSourceOf(manager, tripId, from);
    if (to === null) {
      if (!before) return null;
      const stored = await tripDocs.storedUpdates(tripId, manager);
      if (!stored) return null;
      const { chunks, rows, editors } = await changesAfter(manager, tripId, from, null);
      return { before, after: { stored }, between: chunks, rows, names: await namesOf(manager, editors) };
    }
    // The newer side is the older one with the chunks between applied, unless a state kept after the older side is
    // nearer (fewer chunks to apply); comparing backwards builds `to` on its own.
    const kept = versionStates.nearest(tripId, to);
    const fromOlder = from <= to && !(kept && kept.id > from);
    const after = fromOlder ? null : await versionSourceOf(manager, tripId, to);
    const toHeld = fromOlder ? (await findVersion(manager, tripId, to)) !== null : after !== null;
    if (!before || !toHeld) return null;
    const [older, newer] = from <= to ? [from, to] : [to, from];
    const { chunks, rows, editors } = await changesAfter(manager, tripId, older, newer);
    return { before, after, between: chunks, rows, names: await namesOf(manager, editors) };
  });
  return input && (await run.diffVersions(input)).changes;
}

/**
 * The one-line summary of what changed after `from` (an earlier version, or the history's base position) up to
 * version `to`; the newer document is kept for the next version's summary (./versionStates.ts), and answered
 * compressed as well when `checkpoint` asks for it (engine `checkpointDue`).
 */
export async function summaryOfChanges(
  db: Db,
  run: HistoryRun,
  tripId: string,
  from: bigint,
  to: bigint,
  checkpoint = false,
): Promise<{ summary: string; checkpoint: Uint8Array | null }> {
  const before = await versionSourceOf(db, tripId, from);
  if (!before) return { summary: '', checkpoint: null };
  const { chunks, rows, editors } = await changesAfter(db, tripId, from, to);
  const answer = await run.diffVersions({ before, after: null, between: chunks, rows, names: await namesOf(db, editors), keepAfter: true, checkpointAfter: checkpoint });
  if (answer.afterState) versionStates.set(tripId, to, answer.afterState);
  return { summary: answer.changes.summary, checkpoint: answer.afterCheckpoint };
}
