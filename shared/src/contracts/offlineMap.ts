/**
 * The offline map's tile list (docs/product.md#map): /_api/trips/offline-map/plan answers, for any
 * member, which base-map tiles the trip's route needs (offlineMap/offlineMapPlan.ts), so every member's device asks
 * the same list and, when the route changes (a new `packKey`), fetches only the tiles it does not hold yet. A device
 * skips zooms past its tile source's own maxzoom (OpenFreeMap's is 14: the map draws deeper zooms from those tiles).
 */
import { z } from 'zod';
import { OFFLINE_MAP_MAX_ZOOM } from '../offlineMap/offlineMapPlan.ts';
import { requestObject, tripId } from './common.ts';

/** Past this many tiles (about 2.5 GB) a trip's pack is refused: a route round the world, not a road trip. */
export const OFFLINE_MAP_MAX_TILES = 100_000;

export const offlineMapMessages = {
  tooManyTiles: (tiles: number) =>
    `This trip's route needs ${tiles.toLocaleString('en')} map tiles; an offline map holds at most ${OFFLINE_MAP_MAX_TILES.toLocaleString('en')}. Keep part of the trip offline instead.`,
} as const;

export const ZOfflineMapPlanRequest = requestObject({ tripId: tripId() });

const tileNumber = z.number().int().min(0);

export const ZOfflineMapPlanResponse = z.object({
  /** Names the list: the same list has the same key on every device; a changed route, a new one. */
  packKey: z.string(),
  /** [zoom, row y, first column x0, last column x1], inclusive, sorted by zoom, row and column; each tile once. */
  runs: z.array(z.tuple([tileNumber, tileNumber, tileNumber, tileNumber])),
  tileCount: z.number().int().min(0),
  /** The expected size of the whole pack, bytes (a per-zoom model, not a measure). */
  estimatedBytes: z.number().int().min(0),
  maxZoom: z.literal(OFFLINE_MAP_MAX_ZOOM),
});

export type TOfflineMapPlanRequest = z.infer<typeof ZOfflineMapPlanRequest>;
export type TOfflineMapPlanResponse = z.infer<typeof ZOfflineMapPlanResponse>;
