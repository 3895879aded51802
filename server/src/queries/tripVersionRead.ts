/**
 * /trips/history/version: the trip as it was at one version, read-only: its stops in order, every part's roots,
 * and the whole document as a Yjs update for the browser's own views. Built on the worker pool (../history/historyTasks.ts).
 */
import type { DataSource } from 'typeorm';
import { messages, type CallResponse, type calls } from '@caravan/shared';
import { AppError, findVersion } from '@caravan/engine';
import { presentVersion } from '../presenters/tripVersion.ts';
import { versionSourceOf, type HistoryRun } from '../history/versionChanges.ts';
import { versionStates } from '../history/versionStates.ts';

export async function tripVersionRead(dataSource: DataSource, run: HistoryRun, tripId: string, versionId: bigint): Promise<CallResponse<typeof calls.history.read>> {
  const read = await dataSource.transaction('REPEATABLE READ', async (manager) => {
    const version = await findVersion(manager, tripId, versionId);
    const source = version && (await versionSourceOf(manager, tripId, versionId));
    return version && source ? { version: await presentVersion(manager, version), source } : null;
  });
  if (!read) throw new AppError('not_found', messages.history.versionNotFound);
  const built = await run.readVersion({ source: read.source });
  // Kept: the next read or diff of a version near this one starts from it.
  versionStates.set(tripId, versionId, Buffer.from(built.update, 'base64'));
  return { version: read.version, ...built };
}
