/**
 * The baseline bench:offline-pack prints beside the corridor pack: TREK's offline map, every tile of the trip's
 * bounding box from zoom 0 up, capped at 12,288 tiles (whole zooms while they fit; the zoom that would pass the cap
 * is cut where the cap falls, row by row, as a download stopping at its limit does).
 */
import type { LatLng } from '@caravan/shared';

export const TREK_TILE_CAP = 12_288;

export interface BboxPyramid {
  /** [z, x, y] of each tile, zoom by zoom. */
  tiles: Array<[number, number, number]>;
  /** The deepest zoom held whole, and the one cut by the cap (null when none was). */
  fullZoom: number;
  cutZoom: number | null;
}

const column = (longitude: number, n: number) => Math.min(n - 1, Math.floor(((longitude + 180) / 360) * n));
const row = (latitude: number, n: number) => Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / Math.PI) / 2) * n));

export function bboxPyramid(points: readonly LatLng[], maxZoom = 16): BboxPyramid {
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const tiles: Array<[number, number, number]> = [];
  let fullZoom = 0;
  for (let z = 0; z <= maxZoom; z += 1) {
    const n = 2 ** z;
    const [x0, x1, y0, y1] = [column(Math.min(...lons), n), column(Math.max(...lons), n), row(Math.max(...lats), n), row(Math.min(...lats), n)];
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) {
        if (tiles.length >= TREK_TILE_CAP) return { tiles, fullZoom, cutZoom: z };
        tiles.push([z, x, y]);
      }
    }
    fullZoom = z;
  }
  return { tiles, fullZoom, cutZoom: null };
}
