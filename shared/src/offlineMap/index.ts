/** The offline map's tile list: which base-map tiles a trip's route needs, computed the same for every device. */
export * from './offlineMapPlan.ts';
export type { OfflineMapLeg } from './routePieces.ts';
export type { TileRun } from './tileRows.ts';
export { estimatedTileBytes } from './tileSizeModel.ts';
export { EQUATOR_KM, worldX, worldY } from './mercator.ts';
