/**
 * What an offline map pack on this device covers, for the base map's fallback (useBaseMapStyle.ts): whether the
 * pack draws the view the map shows (the tile under its centre, at the zoom the map asks for tiles, the pack's
 * corridor zoom past that), and which tile a map event is about.
 */
import { tileAt } from '../../lib/offlineMap/tileRuns.ts';

/** A pack's tiles as a question: does it hold tile z/x/y? (tileCoverage in lib/offlineMap/tileRuns.ts) */
export type PackCoverage = (z: number, x: number, y: number) => boolean;

export interface MapView {
  longitude: number;
  latitude: number;
  zoom: number;
}

/** The deepest zoom a pack holds along the whole corridor; deeper, it holds only the stops' surroundings. */
export const CORRIDOR_ZOOM = 14;

export function packCoversView(covers: PackCoverage, view: MapView): boolean {
  const z = Math.max(0, Math.min(CORRIDOR_ZOOM, Math.floor(view.zoom)));
  const { x, y } = tileAt(z, view.longitude, view.latitude);
  return covers(z, x, y);
}

/** The tile a map event names (MapLibre puts its tile, with its id, on tile errors and source data). */
export function eventTile(tile: unknown): { z: number; x: number; y: number } | null {
  const canonical = (tile as { tileID?: { canonical?: { z?: unknown; x?: unknown; y?: unknown } } } | null)?.tileID?.canonical;
  if (!canonical || typeof canonical.z !== 'number' || typeof canonical.x !== 'number' || typeof canonical.y !== 'number') return null;
  return { z: canonical.z, x: canonical.x, y: canonical.y };
}
