/** /trips/offline-map/plan: the trip's stops and their legs as stored, then the tile list on the caller's share of the worker pool. */
import type { TOfflineMapPlanResponse } from '@caravan/shared';
import type { AppDeps } from '../../types.ts';
import { tripStretchStops } from '../corridor/corridorSearchQuery.ts';

export async function offlineMapPlanQuery(deps: Pick<AppDeps, 'dataSource' | 'heavyWork'>, userId: number, tripId: string): Promise<TOfflineMapPlanResponse> {
  const stops = await tripStretchStops(deps, tripId);
  return deps.heavyWork.run(userId, 'offlineMapPlan', { stops });
}
