/**
 * When the remote base map's tiles fail badly enough to give way to the embedded base map (docs/product.md#map).
 *
 * One tile that times out or answers 500 on a flaky phone network must not cost the visitor the real map for
 * the rest of the visit: the map simply shows that square a little later or not at all. What does call for the
 * embedded map is a network that is gone or a tile service that is down, which shows as tiles failing in a
 * row. So the rule reads the outcomes of the remote style's tiles since it started:
 * - nothing loaded yet and FAILURES_WITH_NONE_LOADED tiles failed: the service is unreachable (offline, blocked),
 *   fall back quickly rather than leave a blank map until the timeout;
 * - after tiles did load, RECENT_FAILURES_TO_GIVE_UP of the last RECENT_TILES failed: the network went away
 *   mid-visit (most new squares would stay blank). Only recent outcomes count, so hundreds of tiles loaded
 *   earlier do not keep a dead service on screen, and an old failure does not count against a healthy one.
 */

export type TileOutcome = 'loaded' | 'failed';

export interface TileHealth {
  /** How many of the remote style's tiles have loaded since it started. */
  loaded: number;
  /** The latest outcomes, oldest first, at most RECENT_TILES of them. */
  recent: readonly TileOutcome[];
}

/** A first screen asks for about this many tiles: the window that judges the service after it has worked. */
export const RECENT_TILES = 12;
/** Three failures and no success: unlikely for a flaky but working network, certain for a missing one. */
export const FAILURES_WITH_NONE_LOADED = 3;
/** Three in four of the latest tiles failing: the map is mostly blank squares. */
export const RECENT_FAILURES_TO_GIVE_UP = 9;

export const NO_TILES_YET: TileHealth = { loaded: 0, recent: [] };

/** The health after one more tile's outcome. */
export function withTile(health: TileHealth, outcome: TileOutcome): TileHealth {
  return {
    loaded: health.loaded + (outcome === 'loaded' ? 1 : 0),
    recent: [...health.recent, outcome].slice(-RECENT_TILES),
  };
}

/** True when the tiles say the remote base map is not working: draw the embedded one instead. */
export function tilesFailing(health: TileHealth): boolean {
  const failed = health.recent.filter((outcome) => outcome === 'failed').length;
  if (health.loaded === 0) return failed >= FAILURES_WITH_NONE_LOADED;
  return failed >= RECENT_FAILURES_TO_GIVE_UP;
}
