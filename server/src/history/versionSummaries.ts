/**
 * A version's one-line summary ("Ana moved 3 stops, Ben added an expense"): what changed from the version before
 * it, in words. Written after the version commits (it builds two documents, which version taking must not wait
 * for under the trip's lock); a version whose summary is not written yet lists with an empty one. The version's
 * document is kept with it as a checkpoint when one is due (engine `checkpointDue`): the summary has just built it.
 */
import type { DataSource } from 'typeorm';
import { checkpointDue } from '@caravan/engine';
import { inProcess, summaryOfChanges, type HistoryRun } from './versionChanges.ts';

export async function summariseVersion(dataSource: DataSource, tripId: string, id: bigint, run: HistoryRun = inProcess): Promise<string> {
  const previous: Array<{ id: string }> = await dataSource.query(
    `SELECT coalesce((SELECT max(id) FROM trip_versions WHERE trip_id = $1 AND id < $2), (SELECT base_through FROM trip_history WHERE trip_id = $1)) AS id`,
    [tripId, id.toString()],
  );
  const from = previous[0]?.id;
  // The history's first version with nothing before it: the base is the version itself.
  if (from === null || from === undefined || BigInt(from) >= id) {
    await dataSource.query(`UPDATE trip_versions SET summary = '' WHERE trip_id = $1 AND id = $2`, [tripId, id.toString()]);
    return '';
  }
  const { summary, checkpoint } = await summaryOfChanges(dataSource, run, tripId, BigInt(from), id, await checkpointDue(dataSource, tripId, id));
  await dataSource.query(`UPDATE trip_versions SET summary = $3, checkpoint = coalesce($4, checkpoint) WHERE trip_id = $1 AND id = $2`, [
    tripId,
    id.toString(),
    summary,
    checkpoint && Buffer.from(checkpoint),
  ]);
  return summary;
}
