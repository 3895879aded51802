/**
 * The offline map's tile list as a worker-pool task: the trip's legs as the map draws them (the road's line where a
 * leg's is known and current, else the estimate between its stops, routeStretch) and its stops, through the cover
 * (offlineMapPlan). A 2,000 km road line takes tens of milliseconds, so it stays off the request loop. A list past
 * OFFLINE_MAP_MAX_TILES is refused (400): no device should be asked to hold it.
 */
import { offlineMapMessages, offlineMapPlan, OFFLINE_MAP_MAX_TILES, type OfflineMapPlan } from '@caravan/shared';
import { AppError, routeStretch, type StretchStop } from '@caravan/engine/tasks';

export function offlineMapPlanTask({ stops }: { stops: StretchStop[] }): OfflineMapPlan {
  const stretch = routeStretch(stops);
  // Fewer than two located stops make no leg; a lone stop still gets its own corridor.
  const legs = typeof stretch === 'string' ? [] : stretch.map(({ line, road }) => ({ line, road }));
  const plan = offlineMapPlan({ legs, stops });
  if (plan.tileCount > OFFLINE_MAP_MAX_TILES) throw new AppError('validation', offlineMapMessages.tooManyTiles(plan.tileCount));
  return plan;
}
