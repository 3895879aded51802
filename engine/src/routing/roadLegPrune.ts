/**
 * Keeps `road_legs` from growing without bound: in the background of the server process, a few times a day,
 * deletes the cached drives nobody has read for ROAD_LEG_UNREAD_MS. Several processes pruning at once is
 * harmless (the same DELETE twice).
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../lib/logger.ts';
import { deleteUnreadLegs, ROAD_LEG_MAX_AGE_MS } from './roadLegCache.ts';

/**
 * A drive unread this long belongs to no trip being planned, and its answer is stale anyway (3 × the max age):
 * deleting it loses only a stand-in for an OSRM outage. A trip opened again after that asks OSRM once more.
 */
export const ROAD_LEG_UNREAD_MS = 3 * ROAD_LEG_MAX_AGE_MS;
/** Rows become prunable by the day; a few passes a day keep the table within hours of its bound. */
export const ROAD_LEG_PRUNE_EVERY_MS = 6 * 60 * 60_000;
/** The first pass soon after start (not at once: start-up has better things to do), so frequent restarts still prune. */
const FIRST_PRUNE_AFTER_MS = 5 * 60_000;

export interface RoadLegPrune {
  /** No further passes; resolves once a pass under way has finished. */
  stop(): Promise<void>;
}

export interface RoadLegPruneOptions {
  firstAfterMs?: number;
  everyMs?: number;
  unreadForMs?: number;
}

export function startRoadLegPrune(dataSource: DataSource, logger: Pick<Logger, 'info' | 'warn'>, options: RoadLegPruneOptions = {}): RoadLegPrune {
  const { firstAfterMs = FIRST_PRUNE_AFTER_MS, everyMs = ROAD_LEG_PRUNE_EVERY_MS, unreadForMs = ROAD_LEG_UNREAD_MS } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();

  const prune = async () => {
    try {
      const deleted = await deleteUnreadLegs(dataSource, unreadForMs);
      if (deleted) logger.info({ deleted }, 'pruned road legs nobody read');
    } catch (error) {
      // A missed pass only leaves rows for the next one.
      logger.warn({ err: error }, 'pruning road legs failed');
    }
  };
  const next = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = prune().finally(() => next(everyMs));
    }, delayMs);
    timer.unref();
  };
  next(firstAfterMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
