/**
 * Rebuilds the stop rows of the trips marked in `stale_projections` (a migration marks projections that may
 * have diverged from their documents). Runs in the background when the server starts, so /trips/details,
 * My Trips and SQL see repaired rows without anyone opening those trips.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../lib/logger.ts';
import type { TripDocHub } from './tripDocHub.ts';

const BATCH = 100;

export interface StaleProjectionsRebuild {
  /** Resolves once every marked trip is rebuilt (or the rebuild stopped). */
  done: Promise<void>;
  /** Stops after the trip in hand; the rest waits for the next start. */
  stop: () => Promise<void>;
}

export function rebuildStaleProjections(dataSource: DataSource, hub: TripDocHub, logger: Logger): StaleProjectionsRebuild {
  let stopped = false;
  const run = async () => {
    let rebuilt = 0;
    const failed = new Set<string>();
    while (!stopped) {
      const rows: Array<{ trip_id: string }> = await dataSource.query(
        `SELECT trip_id FROM stale_projections WHERE NOT (trip_id = ANY($1::uuid[])) LIMIT $2`,
        [[...failed], BATCH],
      );
      if (!rows.length) break;
      for (const { trip_id: tripId } of rows) {
        if (stopped) break;
        try {
          await hub.rebuildStops(tripId);
          rebuilt += 1;
        } catch (error) {
          // One trip's trouble must not keep the others diverged; it stays marked for the next start.
          failed.add(tripId);
          logger.error({ err: error, tripId }, 'rebuilding the stop rows from the trip document failed');
        }
      }
    }
    if (rebuilt) logger.info({ trips: rebuilt }, 'rebuilt stop rows from trip documents');
  };
  const done = run().catch((error) => logger.error({ err: error }, 'rebuilding stale projections failed'));
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
