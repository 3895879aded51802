/**
 * The history sweep: every API process runs it every HISTORY_SWEEP_EVERY_MS, off any commit path. It takes an
 * automatic version of each trip whose editing settled (no edit for two minutes) or has gone on for ten minutes
 * since its last version (engine/src/history/dueVersions.ts), writes their summaries, and once a day folds the
 * versions older than HISTORY_DAYS into each trip's oldest kept one. Two processes sweeping at once take each version
 * once (the trip document's row lock, and a taker finding nothing new answers the version there is). `now` and the
 * timings are injected, so tests move the clock instead of waiting.
 */
import type { DataSource } from 'typeorm';
import { pruneHistory, takeVersion, tripsDueForVersion, VERSION_MAX_MS, VERSION_SETTLE_MS, type Logger } from '@caravan/engine';
import type { HeavyWork } from '../heavyWork/heavyWork.ts';
import { inProcess, onPool, SERVER_HISTORY_ACCOUNT } from './versionChanges.ts';
import { summariseVersion } from './versionSummaries.ts';

export const HISTORY_SWEEP_EVERY_MS = 30_000;
const PRUNE_EVERY_MS = 24 * 60 * 60_000;

export interface HistorySweepDeps {
  dataSource: DataSource;
  logger: Pick<Logger, 'warn'>;
  historyDays: number;
  /** Summaries are built on the worker pool when given (the API process's), else in process. */
  heavyWork?: HeavyWork;
}

export interface HistorySweepOptions {
  settleMs?: number;
  maxMs?: number;
  /** Fold versions past HISTORY_DAYS this time. */
  prune?: boolean;
}

export async function sweepHistory(deps: HistorySweepDeps, now: Date = new Date(), options: HistorySweepOptions = {}): Promise<{ taken: number; forgotten: number }> {
  const run = deps.heavyWork ? onPool(deps.heavyWork, SERVER_HISTORY_ACCOUNT) : inProcess;
  const due = await tripsDueForVersion(deps.dataSource, now, options.settleMs ?? VERSION_SETTLE_MS, options.maxMs ?? VERSION_MAX_MS);
  let taken = 0;
  for (const tripId of due) {
    try {
      const version = await deps.dataSource.transaction((manager) => takeVersion(manager, tripId, { kind: 'auto' }, now));
      if (!version?.created) continue;
      taken += 1;
      await summariseVersion(deps.dataSource, tripId, version.version.id, run);
    } catch (err) {
      // One trip's failure (deleted meanwhile, say) must not hold the others' versions.
      deps.logger.warn({ err, tripId }, 'taking a version failed');
    }
  }
  // Versions taken inside another write (before a whole-trip change) are summarised here, after it committed.
  const unsummarised: Array<{ trip_id: string; id: string }> = await deps.dataSource.query(
    `SELECT trip_id, id FROM trip_versions WHERE summary = '' AND chunk IS NOT NULL ORDER BY taken_at LIMIT 50`,
  );
  for (const row of unsummarised) {
    await summariseVersion(deps.dataSource, row.trip_id, BigInt(row.id), run).catch((err) => deps.logger.warn({ err, tripId: row.trip_id }, 'summarising a version failed'));
  }
  const forgotten = options.prune ? await pruneHistory(deps.dataSource, now, deps.historyDays) : 0;
  return { taken, forgotten };
}

/** Sweeps every HISTORY_SWEEP_EVERY_MS, pruning on the first sweep and daily after, until stopped. */
export function startHistorySweep(deps: HistorySweepDeps): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let prunedAt = 0;
  let stopped = false;
  const sweep = () => {
    running = running
      .then(() => {
        if (stopped) return;
        const prune = Date.now() - prunedAt >= PRUNE_EVERY_MS;
        if (prune) prunedAt = Date.now();
        return sweepHistory(deps, new Date(), { prune });
      })
      .catch((err) => deps.logger.warn({ err }, 'the history sweep failed'));
  };
  const timer = setInterval(sweep, HISTORY_SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
