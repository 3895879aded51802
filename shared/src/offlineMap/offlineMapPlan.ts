/**
 * The tiles of a trip's offline map: every tile at zooms 0–14 within CORRIDOR_KM of a leg's line (and of a located
 * stop, which matters when a stop has no leg), and at zooms 15–16 within STOP_KM of a located stop; each tile once,
 * as runs per row, with their count, their expected size (tileSizeModel.ts) and a key that names the list. The cover
 * is exact, not a bounding box: each piece of line adds, row by row, the tiles its corridor reaches (capsuleSpan.ts).
 *
 *   const plan = offlineMapPlan({ legs: [{ line: [sf, ...roadPoints, seattle], road: true }], stops: [sf, seattle] });
 *   // plan.runs: [[0, 0, 0, 0], [1, 0, 0, 0], ..., [14, 5724, 2621, 2625], ...]
 */
import type { LatLng } from '../domain/distance.ts';
import { hasPosition } from '../domain/position.ts';
import { capsuleSpan } from './capsuleSpan.ts';
import { packKey } from './packKey.ts';
import { pointPiece, routePieces, type OfflineMapLeg, type RoutePiece } from './routePieces.ts';
import { TileRows, type TileRun } from './tileRows.ts';
import { estimatedTileBytes } from './tileSizeModel.ts';

export const OFFLINE_MAP_CORRIDOR_KM = 5;
export const OFFLINE_MAP_ROUTE_MAX_ZOOM = 14;
export const OFFLINE_MAP_STOP_KM = 2;
export const OFFLINE_MAP_MAX_ZOOM = 16;

export interface OfflineMapInput {
  legs: readonly OfflineMapLeg[];
  /** Every stop; those without a position are passed over. */
  stops: ReadonlyArray<{ latitude: number | null; longitude: number | null }>;
}

export interface OfflineMapPlan {
  packKey: string;
  runs: TileRun[];
  tileCount: number;
  estimatedBytes: number;
  maxZoom: typeof OFFLINE_MAP_MAX_ZOOM;
}

const span = [0, 0];

/** Adds to `rows` every tile of its zoom within `km` of a piece. */
function coverPieces(pieces: readonly RoutePiece[], km: number, rows: TileRows): void {
  const n = 2 ** rows.zoom;
  for (const piece of pieces) {
    const x0 = piece.ax * n;
    const y0 = piece.ay * n;
    const x1 = piece.bx * n;
    const y1 = piece.by * n;
    const r = km * piece.unitsPerKm * n;
    const first = Math.max(0, Math.floor(Math.min(y0, y1) - r));
    const last = Math.min(n - 1, Math.floor(Math.max(y0, y1) + r));
    // The capsule's box: a row whose latest run already holds it gains nothing from the exact span (most rows of
    // a line's next short piece), so only the others are worked out.
    const west = Math.floor(Math.min(x0, x1) - r);
    const east = Math.floor(Math.max(x0, x1) + r);
    for (let row = first; row <= last; row += 1) {
      if (rows.holds(row, west, east)) continue;
      if (capsuleSpan(x0, y0, x1, y1, r, row, row + 1, span)) rows.add(row, Math.floor(span[0]), Math.floor(span[1]));
    }
  }
}

export function offlineMapPlan({ legs, stops }: OfflineMapInput): OfflineMapPlan {
  const located = stops.filter(hasPosition) as LatLng[];
  const stopPieces = located.map(pointPiece);
  const routePieceList = [...routePieces(legs), ...stopPieces];
  const runs: TileRun[] = [];
  for (let zoom = 0; zoom <= OFFLINE_MAP_MAX_ZOOM; zoom += 1) {
    const rows = new TileRows(zoom);
    if (zoom <= OFFLINE_MAP_ROUTE_MAX_ZOOM) coverPieces(routePieceList, OFFLINE_MAP_CORRIDOR_KM, rows);
    else coverPieces(stopPieces, OFFLINE_MAP_STOP_KM, rows);
    runs.push(...rows.runs());
  }
  let tileCount = 0;
  let estimatedBytes = 0;
  for (const [zoom, , x0, x1] of runs) {
    tileCount += x1 - x0 + 1;
    estimatedBytes += (x1 - x0 + 1) * estimatedTileBytes(zoom);
  }
  return { packKey: packKey(runs), runs, tileCount, estimatedBytes, maxZoom: OFFLINE_MAP_MAX_ZOOM };
}

/** Each tile of a plan's runs as [z, x, y], in the runs' order. */
export function* runTiles(runs: readonly TileRun[]): Generator<[z: number, x: number, y: number]> {
  for (const [z, y, x0, x1] of runs) for (let x = x0; x <= x1; x += 1) yield [z, x, y];
}
