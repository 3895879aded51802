/**
 * The offline pack's tile list as the server sends it: runs of tiles `[z, y, x0, x1]` (x0..x1 inclusive, one tile
 * row each), what a source's zoom range keeps of them, the address MapLibre asks for each tile, and whether a
 * pack holds a given tile (the map's fallback reads that).
 */

export type TileRun = readonly [z: number, y: number, x0: number, x1: number];

/** A vector or raster source's tile addresses, as its TileJSON (or the style itself) gives them. */
export interface TileSource {
  /** `{z}`, `{x}`, `{y}` templates; MapLibre spreads the tiles over them by (x + y) % length. */
  templates: readonly string[];
  scheme: 'xyz' | 'tms';
  minzoom: number;
  maxzoom: number;
}

export const countTiles = (runs: readonly TileRun[]): number => runs.reduce((sum, [, , x0, x1]) => sum + (x1 - x0 + 1), 0);

/** The runs at the zooms the source has: past its maxzoom the map draws the maxzoom's tiles larger, asking none. */
export const runsWithin = (runs: readonly TileRun[], minzoom: number, maxzoom: number): TileRun[] =>
  runs.filter(([z]) => z >= minzoom && z <= maxzoom);

/** The address MapLibre asks for this tile of the source (the same template choice, the same tms row). */
export function tileUrl(source: TileSource, z: number, x: number, y: number): string {
  const template = source.templates[(x + y) % source.templates.length];
  const row = source.scheme === 'tms' ? 2 ** z - y - 1 : y;
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(row));
}

/** Every tile address of the source for the runs, in the runs' order. */
export function* sourceTileUrls(source: TileSource, runs: readonly TileRun[]): Generator<string> {
  for (const [z, y, x0, x1] of runsWithin(runs, source.minzoom, source.maxzoom)) {
    for (let x = x0; x <= x1; x++) yield tileUrl(source, z, x, y);
  }
}

/** Whether the runs hold tile z/x/y: runs indexed by row once, then one look per question. */
export function tileCoverage(runs: readonly TileRun[]): (z: number, x: number, y: number) => boolean {
  const rows = new Map<string, Array<readonly [number, number]>>();
  for (const [z, y, x0, x1] of runs) {
    const key = `${z}/${y}`;
    const row = rows.get(key) ?? [];
    row.push([x0, x1]);
    rows.set(key, row);
  }
  return (z, x, y) => (rows.get(`${z}/${y}`) ?? []).some(([x0, x1]) => x >= x0 && x <= x1);
}

/** The web-mercator tile at zoom z holding a point (the map's view centre). */
export function tileAt(z: number, longitude: number, latitude: number): { x: number; y: number } {
  const n = 2 ** z;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, latitude));
  const x = Math.floor(((longitude + 180) / 360) * n);
  const rad = (clampedLat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}
