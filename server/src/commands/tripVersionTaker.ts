/**
 * /trips/history/take: a member names the trip as it is now ("Before we cut Oregon"), or the browser marks it right
 * before a whole-trip change it is about to write (Plan my days, Optimise, Import, Bulk schedule, Use these dates).
 * Nothing changed since the last version: that version is named or marked instead. Its summary is written after.
 */
import { messages, type CallRequest, type calls } from '@caravan/shared';
import { AppError, takeVersion, type VersionRow } from '@caravan/engine';
import type { DataSource } from 'typeorm';
import { summariseVersion } from '../history/versionSummaries.ts';
import { inProcess, type HistoryRun } from '../history/versionChanges.ts';

export async function tripVersionTaker(
  dataSource: DataSource,
  params: CallRequest<typeof calls.history.take>,
  run: HistoryRun = inProcess,
  now: Date = new Date(),
): Promise<VersionRow> {
  const taken = await dataSource.transaction((manager) => takeVersion(manager, params.tripId, { kind: params.kind, name: params.name ?? null }, now));
  if (!taken) throw new AppError('conflict', messages.history.nothingToKeep);
  if (!taken.created) return taken.version;
  return { ...taken.version, summary: await summariseVersion(dataSource, params.tripId, taken.version.id, run) };
}
