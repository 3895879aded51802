/**
 * /trips/stops/plan-days (docs/product.md#plan-my-days): a proposed order and where each day ends, written nowhere;
 * the client applies it to the live document as one undoable change. Reads the trip's document as stored (plan
 * fields only the document holds count) and its located stops' rows from one snapshot, asks the road router for the
 * drives between those stops (network, here), leaves reading the document, the estimate and the planning to the
 * worker pool (engine/src/road/dayPlanTask.ts), then asks the place provider for lodging near each day end that has
 * none. The request loop never decodes or walks the document: a thousand stops took it tens of ms per plan.
 */
import type { TPlanDaysRequest, TPlanDaysResponse } from '@caravan/shared';
import { locatedStops, matrixBuffers, packMatrix, TripDocMissingError, type ProposalStop } from '@caravan/engine';
import type { AppDeps } from '../types.ts';
import type { RunHeavyTask } from '../heavyWork/heavyWork.ts';
import { lodgingSuggestions } from './lodgingSuggestions.ts';

export type DayPlanDeps = Pick<AppDeps, 'dataSource' | 'tripDocs' | 'roads' | 'heavyWork' | 'poiSearch'>;

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** The trip's stored document and its stops' rows (trip order, as the document has it), from one snapshot. */
async function readTrip({ dataSource, tripDocs }: DayPlanDeps, tripId: string) {
  const { updates, stops } = await dataSource.transaction('REPEATABLE READ', async (manager) => ({
    updates: await tripDocs.storedUpdates(tripId, manager),
    stops: (await manager.query(`SELECT id, latitude, longitude FROM stops WHERE trip_id = $1 ORDER BY stop_order, pos, id`, [tripId])) as ProposalStop[],
  }));
  if (!updates) throw new TripDocMissingError(tripId);
  return { updates, stops };
}

export function dayPlanQuery(deps: DayPlanDeps, userId: number, request: TPlanDaysRequest): Promise<TPlanDaysResponse> {
  return deps.heavyWork.forUser(userId, (run) => plannedDays(deps, run, request));
}

async function plannedDays(deps: DayPlanDeps, run: RunHeavyTask, { tripId, endAtLast, pinnedStopIds }: TPlanDaysRequest): Promise<TPlanDaysResponse> {
  const { updates, stops } = await readTrip(deps, tripId);
  const located = locatedStops(stops);

  const started = performance.now();
  const asked = located.length >= 2 ? await deps.roads.matrix(located) : null;
  const askedMs = performance.now() - started;
  const matrix = asked && packMatrix(asked);
  const input = { updates, matrix, matrixStopIds: located.map((stop) => stop.id), now: Date.now(), endAtLast, pinnedStopIds };
  const plan = await run('planDays', input, matrix ? matrixBuffers(matrix) : []);
  const lodging = await lodgingSuggestions(deps.poiSearch, plan.needsLodging);

  return {
    fromOrder: plan.fromOrder,
    order: plan.order,
    before: plan.before,
    after: plan.after,
    lodging: { fetched: lodging.fetched, suggestions: [...lodging.byStop].map(([stopId, places]) => ({ stopId, places })) },
    source: plan.source,
    timings: { matrixMs: tenths(askedMs + plan.matrixMs), planMs: tenths(plan.solveMs) },
  };
}
